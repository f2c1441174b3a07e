# md2man.awk: a manual page from one of libnngx's Markdown pages, so that
# the page and the document are one text (doc/capture-schema.md becomes
# nngx-capture(5)).
#
#   awk -v name=NAME -v section=5 -v version=0.1.0 -v date=YYYY-MM-DD \
#       -v summary='one line for NAME' -v see_also='nngx-report(1), ...' \
#       -f md2man.awk PAGE.md > NAME.5
#
# The Markdown the documents use, and nothing more: the first "# " heading
# is the title (left out: the NAME line says it); "## " and "### "
# headings become .SH (in capitals) and .SS; a table becomes one tagged
# paragraph a row, the first cell the tag and the others, joined, its
# text (the second in parentheses when there are three); "- " items become
# bullets (indented lines continue them); ``` fences become unfilled
# blocks; `code` is bold, **strong** bold, [text](url) its text; a blank
# line starts a paragraph. Backslashes and lines that begin with a dot or
# an apostrophe are escaped, hyphens in code are minus signs, and µ, ×,
# ⌊ and ⌋ are named characters (the rest of UTF-8 is left to man's preconv).
#
# Part of libnngx (MIT licence).

function esc(s) {
	gsub(/\\/, "\\e", s)
	gsub(/µ/, "\\(*m", s)
	gsub(/×/, "\\(mu", s)
	gsub(/⌊/, "\\(lf", s)
	gsub(/⌋/, "\\(rf", s)
	return s
}

# Inline markup of one line of text.
function inline(s,    out, i, c, code, rest, lt, rt) {
	# [text](url) -> text
	while (match(s, /\[[^]]*\]\([^)]*\)/)) {
		lt = substr(s, RSTART + 1)
		lt = substr(lt, 1, index(lt, "]") - 1)
		s = substr(s, 1, RSTART - 1) lt substr(s, RSTART + RLENGTH)
	}
	out = ""
	code = 0
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "`") {
			out = out (code ? "\\fR" : "\\fB")
			code = !code
		} else if (!code && substr(s, i, 2) == "**") {
			rest = substr(s, i + 2)
			rt = index(rest, "**")
			if (rt > 0) {
				out = out "\\fB" esc(substr(rest, 1, rt - 1)) "\\fR"
				i += rt + 2
			} else {
				out = out "**"
				i++
			}
		} else if (c == "\\") {
			out = out "\\e"
		} else if (code && c == "-") {
			out = out "\\-"
		} else {
			out = out c
		}
	}
	if (code)
		out = out "\\fR"
	return esc_nonascii(out)
}

function esc_nonascii(s) {
	gsub(/µ/, "\\(*m", s)
	gsub(/×/, "\\(mu", s)
	gsub(/⌊/, "\\(lf", s)
	gsub(/⌋/, "\\(rf", s)
	return s
}

# A line of output text: never a request by accident.
function text(s) {
	if (s ~ /^[.']/)
		s = "\\&" s
	print s
}

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

function para() {
	if (need_para)
		print ".PP"
	need_para = 0
}

BEGIN {
	print ".\\\" " name "." section ": generated from a Markdown page of libnngx by"
	print ".\\\" doc/md2man.awk; edit the page, not this file. MIT licence."
	printf ".TH %s %s %s \"libnngx %s\" \"libnngx Manual\"\n", name, section, date, version
	print ".nh"
	print ".SH NAME"
	n = name
	gsub(/-/, "\\-", n)
	print n " \\- " summary
	print ".SH DESCRIPTION"
	titled = 0
	fence = 0
	need_para = 0
	in_item = 0
}

fence {
	if ($0 ~ /^```/) {
		print ".fi"
		print ".PP"
		fence = 0
	} else {
		line = $0
		gsub(/\\/, "\\e", line)
		line = esc_nonascii(line)
		text(line)
	}
	next
}

/^```/ {
	print ".PP"
	print ".nf"
	fence = 1
	in_item = 0
	next
}

/^# / && !titled {
	titled = 1
	next
}

/^## / {
	h = substr($0, 4)
	print ".SH " toupper(inline(h))
	need_para = 0
	in_item = 0
	next
}

/^### / {
	print ".SS " inline(substr($0, 5))
	need_para = 0
	in_item = 0
	next
}

/^\|/ {
	# A table row: the header row's cells name nothing; the separator
	# (|---|) ends the header.
	row = $0
	sub(/^\|/, "", row)
	sub(/\|[ \t]*$/, "", row)
	ncell = split(row, cell, /\|/)
	if (trim(cell[1]) ~ /^:?-+:?$/) {
		header = 0
		next
	}
	if (!in_table) {
		in_table = 1
		header = 1
		next
	}
	if (header)
		next
	print ".TP"
	text(inline(trim(cell[1])))
	body = ""
	for (k = 2; k <= ncell; k++) {
		c = inline(trim(cell[k]))
		if (ncell == 3 && k == 2)
			body = "(" c ")"
		else
			body = body (body == "" ? "" : " ") c
	}
	text(body)
	need_para = 1
	in_item = 0
	next
}

{ in_table = 0 }

/^- / {
	print ".IP \\(bu 2"
	text(inline(substr($0, 3)))
	in_item = 1
	need_para = 1
	next
}

/^[ \t]*$/ {
	need_para = 1
	in_item = 0
	next
}

{
	if (in_item && $0 ~ /^[ \t]/) {
		text(inline(trim($0)))
		next
	}
	in_item = 0
	para()
	text(inline(trim($0)))
}

END {
	if (fence)
		print ".fi"
	if (see_also != "") {
		print ".SH SEE ALSO"
		n = split(see_also, ref, /, */)
		for (k = 1; k <= n; k++) {
			r = ref[k]
			p = index(r, "(")
			nm = substr(r, 1, p - 1)
			gsub(/-/, "\\-", nm)
			printf ".BR %s %s%s\n", nm, substr(r, p), k < n ? "," : ""
		}
	}
}
