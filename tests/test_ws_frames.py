"""The kit's checks of kernel websocket frames (landlord.ws_frames) against jupyter_server's own
framing: every frame jupyter_server writes passes, and every frame that passes is read the
same way as jupyter_server reads it, while malformed ones raise FrameError at once."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)

from landlord.ws_frames import (
    FrameError,
    check_legacy_frame,
    header_of_v1_frame,
    split_v1_frame,
    v1_frame,
)

channels = st.sampled_from(["shell", "iopub", "control", "stdin", "é"])
parts = st.lists(st.binary(max_size=40), max_size=6)


@given(channels, parts)
def test_jupyter_servers_v1_frames_pass_and_split_as_it_splits_them(channel, message):
    frame = serialize_msg_to_ws_v1(message, channel)
    assert split_v1_frame(frame) == deserialize_msg_from_ws_v1(frame) == (channel, message)
    assert v1_frame(channel, message) == frame


@given(st.binary(max_size=200))
def test_any_bytes_are_split_as_jupyter_server_splits_them_or_refused(frame):
    try:
        split = split_v1_frame(frame)
    except FrameError:
        return
    assert split == deserialize_msg_from_ws_v1(frame)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.binary(max_size=64))
def test_a_huge_count_is_refused_without_reading_it(count, rest):
    frame = count.to_bytes(8, "little") + rest
    if 8 * (count + 1) > len(frame):
        with pytest.raises(FrameError, match="claims"):
            split_v1_frame(frame)


@given(parts)
def test_jupyter_servers_legacy_frames_pass(buffers):
    message = {"header": {}, "parent_header": {}, "metadata": {}, "content": {}}
    check_legacy_frame(serialize_binary_message({**message, "buffers": buffers}))


@pytest.mark.parametrize(
    "frame",
    [
        b"",
        b"\x00\x00\x00",
        (0).to_bytes(4, "big"),
        (-1).to_bytes(4, "big", signed=True) + bytes(8),
        (2).to_bytes(4, "big") + (12).to_bytes(4, "big") + (99).to_bytes(4, "big"),
    ],
)
def test_malformed_legacy_frames_are_refused(frame):
    with pytest.raises(FrameError):
        check_legacy_frame(frame)


def test_the_header_is_read_from_a_v1_frame_and_not_from_a_legacy_one():
    header = {"msg_type": "execute_input"}
    message = {"header": header, "parent_header": {}, "metadata": {}, "content": {}}
    v1 = serialize_msg_to_ws_v1([json.dumps(message[k]).encode() for k in message], "iopub")
    assert header_of_v1_frame(v1) == header
    legacy = serialize_binary_message({**message, "buffers": [b"\x89PNG"]})
    assert header_of_v1_frame(legacy) is None
