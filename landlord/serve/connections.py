"""The kernel websocket: its connection checks each frame before jupyter_server reads it.

:class:`GuardedConnection` checks each incoming binary frame with
:mod:`landlord.ws_frames` (and refuses a v1 frame claiming more than
:data:`MOST_V1_PARTS` parts from its first 8 bytes); a malformed frame closes
the socket. :class:`GuardedWebsocketHandler` requires the v1 subprotocol, tells
the kernel manager that a page's websocket opened, and reads the headers of
the kernel's outgoing frames safely.
"""

from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from landlord.ws_frames import V1_PROTOCOL, FrameError, check_legacy_frame, header_of_v1_frame
from landlord.ws_frames import v1_offsets as _v1_offsets

__all__ = ["MOST_V1_PARTS", "GuardedConnection", "GuardedWebsocketHandler", "check_v1_part_count"]

#: The most message parts a client's v1 frame may carry: a Jupyter message has four
#: (header, parent header, metadata, content) and a few buffers.
MOST_V1_PARTS = 64


def check_v1_part_count(frame, most: int = MOST_V1_PARTS) -> None:
    """Refuse a v1 frame that claims more than ``most`` message parts, from its count alone.

    A v1 frame starts with the number of its offsets, two more than its message
    parts (the channel's name takes two). Reading that count costs the same
    whatever the frame claims; splitting 1.2 million parts does not.

    Raises
    ------
    FrameError
        If the frame claims more than ``most`` parts. A frame too short for its
        count passes: :func:`landlord.ws_frames.v1_offsets` refuses it.

    Examples
    --------
    >>> check_v1_part_count((66).to_bytes(8, "little"))
    >>> check_v1_part_count((1_200_002).to_bytes(8, "little"))
    Traceback (most recent call last):
    ...
    landlord.ws_frames.FrameError: v1 frame claims 1200000 message parts; at most 64 are read
    """
    if isinstance(frame, bytes | bytearray | memoryview) and len(frame) >= 8:
        parts = int.from_bytes(frame[:8], "little") - 2
        if parts > most:
            raise FrameError(f"v1 frame claims {parts} message parts; at most {most} are read")


class GuardedConnection(ZMQChannelsWebsocketConnection):
    """A kernel connection that checks each incoming binary frame before reading it."""

    def handle_incoming_message(self, incoming_msg) -> None:
        """Pass a well-formed frame on to the kernel; close the socket on a malformed one."""
        try:
            if self.subprotocol == V1_PROTOCOL:
                check_v1_part_count(incoming_msg)
                _v1_offsets(incoming_msg)
            elif isinstance(incoming_msg, bytes):
                check_legacy_frame(incoming_msg)
        except FrameError as error:
            self.log.warning("Closing kernel websocket %s: %s", self.kernel_id, error)
            handler = self.websocket_handler
            if handler is not None:
                handler.close(1003, "malformed frame")
            return
        super().handle_incoming_message(incoming_msg)


class GuardedWebsocketHandler(VoilaKernelWebsocketHandler):
    """Voila's kernel websocket, requiring the v1 framing and reading headers safely."""

    async def get(self, *args, **kwargs):
        """Refuse (400) a client that does not offer the v1 subprotocol."""
        offered = self.request.headers.get("Sec-WebSocket-Protocol", "")
        if V1_PROTOCOL not in [name.strip() for name in offered.split(",")]:
            self.set_status(400)
            self.finish(f"This server needs the websocket subprotocol {V1_PROTOCOL}.")
            return None
        return await super().get(*args, **kwargs)

    async def open(self, kernel_id):
        """Note that the kernel's page connected (see :meth:`KernelCap.claim`), and open."""
        claim = getattr(self.kernel_manager, "claim", None)
        if claim is not None:
            claim(kernel_id)
        return await super().open(kernel_id)

    def write_message(self, message, binary: bool = False):
        """Send a kernel message on, except Voila's hidden ``execute_input`` echoes."""
        if isinstance(message, bytes):
            header = header_of_v1_frame(message)
        elif isinstance(message, dict):
            header = message.get("header")
        else:
            header = None
        if isinstance(header, dict) and header.get("msg_type") == "execute_input":
            return None
        # Skip Voila's own unchecked reading; go straight to jupyter_server's.
        return super(VoilaKernelWebsocketHandler, self).write_message(message, binary)
