# chromium.sh: sourced by the test scripts that run headless Chromium.
# Part of libnngx (MIT licence).
#
# find_chromium: sets `browser` to the first of chromium,
# chromium-browser and google-chrome on PATH (Debian's package is
# chromium); leaves it empty and returns 1 when none is there.
find_chromium() {
	browser=
	for b in chromium chromium-browser google-chrome; do
		if command -v "$b" >/dev/null 2>&1; then
			browser=$b
			return 0
		fi
	done
	return 1
}
