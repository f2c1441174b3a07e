"""nngx_capture: load a libnngx capture into Python (and into pandas).

A capture is what libnngx writes under NNGX_CAPTURE=FILE: JSON Lines
(FILE.jsonl, one record a line, readable even when the program was
killed) or one JSON document (FILE.json). The layout is nngx-capture(5).

Three lines to pandas:

    import nngx_capture
    cap = nngx_capture.load("cap.jsonl")
    frames, draws = cap.frames_df(), cap.draws_df()

Without pandas the same data are lists of flat dicts (cap.frames,
cap.events, cap.draws), one per row, nested members flattened with dots
("counters.polygon.in", "derived.overdraw", "work.rasterizer").

Only the standard library is needed; pandas is used when it is installed.
Set NNGX_CAPTURE_NO_PANDAS=1 to behave as if it were not.
"""

import json
import os

__all__ = ["Capture", "CaptureError", "load", "pandas_available"]

SCHEMA = "nngx-capture"
VERSIONS = (1,)


class CaptureError(ValueError):
    """The file is not a capture this module can read."""


def pandas_available():
    """True when pandas can be imported (and is not switched off)."""
    if os.environ.get("NNGX_CAPTURE_NO_PANDAS"):
        return False
    try:
        import pandas  # noqa: F401
    except ImportError:
        return False
    return True


def _flatten(obj, modules, prefix="", out=None):
    """A flat dict of obj: nested objects joined with dots, the 8-long
    per-module arrays keyed by module, other arrays kept as lists."""
    if out is None:
        out = {}
    for key, value in obj.items():
        name = prefix + key
        if isinstance(value, dict):
            _flatten(value, modules, name + ".", out)
        elif isinstance(value, list) and modules and len(value) == len(modules) \
                and all(isinstance(v, (int, float)) for v in value):
            for module, v in zip(modules, value):
                out[name + "." + module] = v
        else:
            out[name] = value
    return out


class Capture:
    """One capture: header (dict), frames, events and draws (lists of flat
    dicts), complete (False when the program did not exit normally)."""

    def __init__(self, header, frames, events, complete, path=None):
        self.header = header
        self.frames = frames
        self.events = events
        self.draws = [e for e in events if e.get("kind") == "draw"]
        self.complete = complete
        self.path = path

    @property
    def modules(self):
        return [m["key"] for m in self.header.get("modules", [])]

    @property
    def counters(self):
        """The counter catalogue: name, unit, section, description..."""
        return list(self.header.get("counters", []))

    def _df(self, rows):
        if not pandas_available():
            raise ImportError("pandas is not installed; use the lists "
                              "(.frames, .events, .draws) instead")
        import pandas
        return pandas.DataFrame(rows)

    def frames_df(self):
        """A pandas DataFrame of the frames, one row each."""
        return self._df(self.frames)

    def events_df(self):
        """A pandas DataFrame of every event (draws, fills, transfers...)."""
        return self._df(self.events)

    def draws_df(self):
        """A pandas DataFrame of the draws only."""
        return self._df(self.draws)

    def __repr__(self):
        return "<nngx capture %s: %d frames, %d events%s>" % (
            self.path or "", len(self.frames), len(self.events),
            "" if self.complete else ", incomplete")


def _check_header(header, path):
    if not isinstance(header, dict) or header.get("schema") != SCHEMA:
        raise CaptureError("%s: not an nngx capture (no schema %r)" % (path, SCHEMA))
    if header.get("version") not in VERSIONS:
        raise CaptureError("%s: capture version %r; this module reads %s"
                           % (path, header.get("version"), VERSIONS))


def _load_jsonl(path, f):
    header, frames, events, complete = None, [], [], False
    modules = []
    for number, line in enumerate(f, 1):
        if not line.endswith("\n"):
            break                       # cut while being written: not a record
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError as e:
            raise CaptureError("%s:%d: %s" % (path, number, e))
        kind = rec.pop("record", None) if isinstance(rec, dict) else None
        if header is None:
            if kind != "header":
                raise CaptureError("%s:%d: the first record is not a header" % (path, number))
            _check_header(rec, path)
            header = rec
            modules = [m["key"] for m in header.get("modules", [])]
        elif kind == "event":
            events.append(_flatten(rec, modules))
        elif kind == "frame":
            frames.append(_flatten(rec, modules))
        elif kind == "end":
            complete = True
        # Other record types are newer than this module: skipped.
    if header is None:
        raise CaptureError("%s: empty capture" % path)
    return Capture(header, frames, events, complete, path)


def _load_json(path, f):
    text = f.read()
    try:
        doc = json.loads(text)
        complete = True
    except ValueError:
        # A document cut short (the program died): the header line and
        # each complete frame line, closed here.
        lines = text.split("\n")
        lines.pop()                     # after the last newline: partial
        complete = False
        doc = None
        while lines and doc is None:
            try:
                doc = json.loads("\n".join(lines) + "]}")
            except ValueError:
                lines.pop()
        if doc is None:
            raise CaptureError("%s: not JSON" % path)
    _check_header(doc, path)
    modules = [m["key"] for m in doc.get("modules", [])]
    frames, events = [], []
    for frame in doc.get("frames", []):
        evs = frame.pop("events", [])
        frame["event_count"] = len(evs)
        for index, e in enumerate(evs):
            row = {"frame": frame.get("frame"), "index": index}
            row.update(e)
            events.append(_flatten(row, modules))
        frames.append(_flatten(frame, modules))
    header = {k: v for k, v in doc.items() if k != "frames"}
    return Capture(header, frames, events, complete, path)


def load(path):
    """Load a capture (.jsonl or .json) as a Capture."""
    with open(path, "r", encoding="utf-8") as f:
        first = f.read(64)
        f.seek(0)
        if first.lstrip().startswith('{"record"'):
            return _load_jsonl(path, f)
        return _load_json(path, f)
