#!/bin/sh
# check-doc-config.sh: every key of the configuration table
# (driver/nngx_config.c) is described in nngx.cfg(5) and in the shipped
# data/nngx.cfg. A key counts as described when its last component appears
# on the page in a line that names its group.
# Every key of the model group (the timing model) also has a row in
# doc/calibration.md (its full name in backquotes) and a line in the
# calibration profile data/profiles/defaults.cfg that points to
# calibration.md; the profile sets no other key.
top_srcdir=${top_srcdir:-.}
table="$top_srcdir/driver/nngx_config.c"
page="$top_srcdir/doc/man/nngx.cfg.5.in"
shipped="$top_srcdir/data/nngx.cfg"
calibration="$top_srcdir/doc/calibration.md"
profile="$top_srcdir/data/profiles/defaults.cfg"
pass=0
fail=0
for key in $(sed -n 's/^[[:space:]]*{ "\([a-z_]*\.[a-z0-9_.]*\)",.*/\1/p' "$table"); do
	group=${key%.*}
	leaf=${key##*.}
	if grep "$group" "$page" | grep -q "$leaf"; then
		pass=$((pass + 1))
	else
		echo "FAIL: $key is not described in doc/man/nngx.cfg.5.in"
		fail=$((fail + 1))
	fi
	if grep -q "^[[:space:]]*$leaf[[:space:]]*=" "$shipped"; then
		pass=$((pass + 1))
	else
		echo "FAIL: $key is not in data/nngx.cfg"
		fail=$((fail + 1))
	fi
	case $key in
	model.*)
		if grep -q "\`$key\`" "$calibration"; then
			pass=$((pass + 1))
		else
			echo "FAIL: $key has no row in doc/calibration.md"
			fail=$((fail + 1))
		fi
		if grep "^[[:space:]]*$leaf[[:space:]]*=" "$profile" | grep -q "calibration\.md"; then
			pass=$((pass + 1))
		else
			echo "FAIL: $key is not in data/profiles/defaults.cfg with a pointer to calibration.md"
			fail=$((fail + 1))
		fi
		;;
	esac
done
# The profile's keys: as many settings as model keys (each leaf once).
model_keys=$(sed -n 's/^[[:space:]]*{ "\(model\.[a-z0-9_.]*\)",.*/\1/p' "$table" | wc -l)
profile_keys=$(grep -c "^[[:space:]]*[a-z0-9_]*[[:space:]]*=" "$profile")
if [ "$model_keys" -eq "$profile_keys" ]; then
	pass=$((pass + 1))
else
	echo "FAIL: data/profiles/defaults.cfg sets $profile_keys keys, the model has $model_keys"
	fail=$((fail + 1))
fi
if [ "$pass" -eq 0 ]; then
	echo "FAIL: no keys found in $table"
	fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
