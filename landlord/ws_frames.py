"""Checks for the binary websocket frames a Jupyter kernel connection carries.

jupyter_server and Voila read a binary frame's table of offsets without
checking it against the frame's length: a 24-byte frame that claims 2**62
offsets makes the server build a list of that length, which freezes it and
eats memory until the machine runs out (see ``docs/upstream_faults.md``).
The functions here check a frame's table first, in time and memory bounded by
the frame's own length, and raise :class:`FrameError` if it does not fit.

Two framings exist:

* **v1** (subprotocol ``v1.kernel.websocket.jupyter.org``): an 8-byte
  little-endian count ``n``, then ``n`` 8-byte little-endian offsets; the
  channel name lies between offsets 0 and 1, each message part between the
  following ones, and the last offset is the end of the last part.
* **legacy** (no subprotocol): a 4-byte big-endian count ``n``, then ``n``
  4-byte big-endian offsets; part ``i`` runs from offset ``i`` to the next one,
  the last part to the end of the frame.

Examples
--------
>>> frame = v1_frame("shell", [b"{}", b"{}"])
>>> split_v1_frame(frame)
('shell', [b'{}', b'{}'])
>>> split_v1_frame((2**62).to_bytes(8, "little") + bytes(16))
Traceback (most recent call last):
...
landlord.ws_frames.FrameError: v1 frame of 24 bytes claims 4611686018427387904 offsets
"""

from __future__ import annotations

import json

#: The subprotocol name of the v1 framing.
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"


class FrameError(ValueError):
    """A binary frame whose table of offsets does not fit the frame."""


def _check_offsets(offsets: list[int], start: int, length: int, kind: str) -> None:
    """Offsets must start after the table, never go back and stay in the frame."""
    previous = start
    for offset in offsets:
        if offset < previous or offset > length:
            raise FrameError(
                f"{kind} frame of {length} bytes has offsets {offsets[:8]} out of order "
                f"or past its end"
            )
        previous = offset


def v1_offsets(frame: bytes) -> list[int]:
    """The offsets of a v1 frame, checked against its length.

    Parameters
    ----------
    frame
        The frame as received.

    Returns
    -------
    list of int
        At least two offsets (the channel's start and end), in order, each
        within the frame and after the table itself.

    Raises
    ------
    FrameError
        If the frame is not bytes, is too short for its table, claims fewer
        than two offsets or more than it can hold, or an offset is out of order
        or past the end.
    """
    if not isinstance(frame, bytes | bytearray | memoryview):
        raise FrameError(f"v1 frame must be binary, not {type(frame).__name__}")
    length = len(frame)
    if length < 8:
        raise FrameError(f"v1 frame of {length} bytes is too short for its count")
    count = int.from_bytes(frame[:8], "little")
    table_end = 8 * (count + 1)
    if count < 2 or table_end > length:
        raise FrameError(f"v1 frame of {length} bytes claims {count} offsets")
    offsets = [int.from_bytes(frame[8 * i : 8 * (i + 1)], "little") for i in range(1, count + 1)]
    _check_offsets(offsets, table_end, length, "v1")
    return offsets


def split_v1_frame(frame: bytes) -> tuple[str, list[bytes]]:
    """Split a checked v1 frame into its channel name and message parts.

    The same result as jupyter_server's ``deserialize_msg_from_ws_v1`` for a
    well-formed frame; a malformed one raises :class:`FrameError` instead.
    """
    offsets = v1_offsets(frame)
    try:
        channel = bytes(frame[offsets[0] : offsets[1]]).decode("utf-8")
    except UnicodeDecodeError as error:
        raise FrameError(f"v1 frame's channel name is not UTF-8: {error}") from None
    parts = [bytes(frame[offsets[i] : offsets[i + 1]]) for i in range(1, len(offsets) - 1)]
    return channel, parts


def v1_frame(channel: str, parts: list[bytes]) -> bytes:
    """Build a v1 frame (what a well-behaved client sends); see :func:`split_v1_frame`."""
    name = channel.encode("utf-8")
    offsets = [8 * (len(parts) + 3)]
    offsets.append(offsets[-1] + len(name))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    table = b"".join(n.to_bytes(8, "little") for n in [len(offsets), *offsets])
    return table + name + b"".join(parts)


def check_legacy_frame(frame: bytes) -> None:
    """Check a legacy binary frame's table of offsets against its length.

    Raises
    ------
    FrameError
        If the frame is too short for its table, claims no parts or more than
        it can hold, or an offset is out of order or past the end.

    Examples
    --------
    >>> check_legacy_frame((3).to_bytes(4, "big") + (16).to_bytes(4, "big") * 3 + b"{}")
    >>> check_legacy_frame((2**31 - 1).to_bytes(4, "big") + bytes(8))
    Traceback (most recent call last):
    ...
    landlord.ws_frames.FrameError: legacy frame of 12 bytes claims 2147483647 parts
    """
    length = len(frame)
    if length < 4:
        raise FrameError(f"legacy frame of {length} bytes is too short for its count")
    count = int.from_bytes(frame[:4], "big", signed=True)
    table_end = 4 * (count + 1)
    if count < 1 or table_end > length:
        raise FrameError(f"legacy frame of {length} bytes claims {count} parts")
    offsets = [int.from_bytes(frame[4 * i : 4 * (i + 1)], "big") for i in range(1, count + 1)]
    _check_offsets(offsets, table_end, length, "legacy")


def header_of_v1_frame(frame: bytes) -> dict | None:
    """The message header a v1 frame carries, or None if it has none to read.

    A safe stand-in for Voila's ``read_header_from_binary_message``, which
    reads any binary frame (a legacy one too) as v1 without checking it.
    """
    try:
        _channel, parts = split_v1_frame(frame)
        header = json.loads(parts[0]) if parts else None
    except (FrameError, ValueError):
        return None
    return header if isinstance(header, dict) else None
