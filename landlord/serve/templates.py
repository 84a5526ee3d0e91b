"""One in-memory cache of compiled template code, shared by every page's Jinja environment.

Voila builds a new exporter, and with it a new Jinja environment, for each
page, so the page's templates were parsed and compiled again every time, on
the event loop. :class:`SharedTemplateCode` keeps the compiled code (for the
same source and :func:`compile_settings`), and :func:`share_compiled_templates`
has Voila's pages render with :class:`SharedCodeExporter`, which uses it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import jinja2
import jinja2.bccache
from voila import notebook_renderer
from voila.exporter import VoilaExporter

__all__ = [
    "TEMPLATE_CODE",
    "SharedCodeExporter",
    "SharedTemplateCode",
    "compile_settings",
    "share_compiled_templates",
]


def compile_settings(environment: jinja2.Environment) -> tuple:
    """What, besides a template's source, shapes the code Jinja compiles it to.

    Two environments with the same settings compile a source to the same code: the
    syntax and whitespace options, async or not, the extensions, ``finalize`` and
    ``autoescape``, and how each filter and test is called (with the context, the
    evaluation context, the environment or none: Jinja decides that when it
    compiles). Every Voila page's environment has the same.

    Examples
    --------
    >>> plain, other = jinja2.Environment(), jinja2.Environment(enable_async=True)
    >>> compile_settings(plain) == compile_settings(jinja2.Environment())
    True
    >>> compile_settings(plain) == compile_settings(other)
    False
    """

    def how_called(functions: dict) -> tuple:
        return tuple(
            sorted(
                (name, str(getattr(function, "jinja_pass_arg", None)))
                for name, function in functions.items()
            )
        )

    def named(value) -> str:
        return value if isinstance(value, str) else getattr(value, "__qualname__", repr(value))

    return (
        type(environment).__qualname__,
        environment.is_async,
        environment.optimized,
        environment.block_start_string,
        environment.block_end_string,
        environment.variable_start_string,
        environment.variable_end_string,
        environment.comment_start_string,
        environment.comment_end_string,
        environment.line_statement_prefix,
        environment.line_comment_prefix,
        environment.trim_blocks,
        environment.lstrip_blocks,
        environment.newline_sequence,
        environment.keep_trailing_newline,
        tuple(sorted(environment.extensions)),
        named(environment.autoescape),
        named(environment.finalize) if environment.finalize else None,
        str(getattr(environment.finalize, "jinja_pass_arg", None)),
        how_called(environment.filters),
        how_called(environment.tests),
    )


class SharedTemplateCode(jinja2.BytecodeCache):
    """Compiled template code kept in memory and shared by Jinja environments.

    A Jinja bytecode cache that holds the code objects themselves (they cannot
    change, so environments may run the same one), for at most ``most``
    templates, the least recently used forgotten first. Jinja gives a template's
    source to the cache each time it loads it, read again from its file, and
    the cache answers only for the same source (its SHA-1 checksum) compiled
    under the same :func:`compile_settings`: a template edited on disk is compiled
    again, and an environment set up otherwise gets its own code. A lock guards
    the store, so threads may share it.

    Parameters
    ----------
    most : int
        How many compiled templates to keep at most (by name, file and settings).

    Examples
    --------
    >>> code = SharedTemplateCode()
    >>> loader = jinja2.DictLoader({"page": "{{ greeting }}, {{ name | upper }}"})
    >>> first = jinja2.Environment(loader=loader, bytecode_cache=code)
    >>> second = jinja2.Environment(loader=loader, bytecode_cache=code)
    >>> first.get_template("page").render(greeting="Hello", name="Ada")
    'Hello, ADA'
    >>> second.get_template("page").render(greeting="Hi", name="Bo")
    'Hi, BO'
    >>> code.compiled, code.reused, len(code)
    (1, 1, 1)
    """

    def __init__(self, most: int = 256) -> None:
        self.most = most
        self.compiled = 0
        self.reused = 0
        self._codes: OrderedDict[tuple, tuple[str, object]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """How many compiled templates are kept."""
        return len(self._codes)

    @staticmethod
    def _key(bucket: jinja2.bccache.Bucket) -> tuple:
        return (bucket.key, compile_settings(bucket.environment))

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Give ``bucket`` the code kept for its template, if kept for the same source."""
        key = self._key(bucket)
        with self._lock:
            kept = self._codes.get(key)
            if kept is None or kept[0] != bucket.checksum:
                return
            self._codes.move_to_end(key)
            self.reused += 1
        bucket.code = kept[1]

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Keep ``bucket``'s freshly compiled code, forgetting the oldest past ``most``."""
        key = self._key(bucket)
        with self._lock:
            self._codes[key] = (bucket.checksum, bucket.code)
            self._codes.move_to_end(key)
            self.compiled += 1
            while len(self._codes) > self.most:
                self._codes.popitem(last=False)

    def clear(self) -> None:
        """Forget every compiled template."""
        with self._lock:
            self._codes.clear()


#: The compiled templates every page of this process shares.
TEMPLATE_CODE = SharedTemplateCode()


class SharedCodeExporter(VoilaExporter):
    """Voila's exporter, whose Jinja environment uses :data:`TEMPLATE_CODE`.

    Only the compiled code is shared: each page still has its own environment,
    with its exporter's filters, and its own templates made from that code.
    """

    def _create_environment(self) -> jinja2.Environment:
        """Voila's environment, with the shared compiled templates."""
        environment = super()._create_environment()
        environment.bytecode_cache = TEMPLATE_CODE
        return environment


def share_compiled_templates(log=None) -> bool:
    """Have Voila's pages render with :class:`SharedCodeExporter`; True if they will.

    Voila's page renderer makes its exporter from the name ``VoilaExporter`` in
    :mod:`voila.notebook_renderer`; that name is pointed at the subclass. If this
    Voila has no such name, pages render as before (slower) and ``log`` says so.
    """
    current = getattr(notebook_renderer, "VoilaExporter", None)
    if isinstance(current, type) and issubclass(current, SharedCodeExporter):
        return True
    if current is not VoilaExporter:
        if log is not None:
            log.warning(
                "landlord: this Voila's page renderer makes no VoilaExporter, so each page "
                "compiles its templates again; check landlord/serve/templates.py against its "
                "source"
            )
        return False
    notebook_renderer.VoilaExporter = SharedCodeExporter
    return True
