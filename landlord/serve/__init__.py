"""Serve the kit's notebooks as Voila web apps, refusing what would harm the server.

``make run`` runs ``python -m landlord.serve notebooks ...`` with Voila's own
command-line options. It is Voila with these changes (the faults they guard
against are written up in ``docs/upstream_faults.md``):

* A kernel websocket must ask for the v1 framing (``v1.kernel.websocket.jupyter.org``),
  as Voila's page does; a client asking for none is refused (HTTP 400).
* Each binary frame's table of offsets is checked against the frame's length
  before anything reads it (:mod:`landlord.ws_frames`); a malformed frame
  closes the socket, and so does a v1 frame claiming more than
  :data:`~landlord.serve.connections.MOST_V1_PARTS` message parts, refused from
  its first 8 bytes (a frame of 1.2 million empty parts cost the server 0.6 s
  of CPU to split). Voila's reading of the kernel's outgoing frames is checked
  the same way.
* Requests whose ``Host`` is not the loopback (``127.0.0.1``, ``localhost``,
  ``[::1]``) or a name in ``LandlordVoila.allowed_hosts`` get 403, pages and
  websockets alike (a DNS-rebinding page cannot reach the server).
* A page asking for another template than the configured one (``?template=``)
  gets 400 at once and starts no kernel.
* At most ``LandlordVoila.max_kernels`` kernels (20) run at once, and at most
  ``LandlordVoila.max_kernels_per_client`` (6) for one client address other than
  the server's own machine (``LandlordVoila.own_addresses``: 127.0.0.1 and ::1,
  held only to the total). Past either, a page gets a short "the class server is
  full" page (HTTP 503, in words a visitor understands) and starts no kernel.
* A kernel whose page opened no websocket within ``LandlordVoila.websocket_deadline``
  seconds (60) of being served is shut down: a script that only fetches pages
  no longer holds kernels until they are culled (10 minutes), while every
  real tab, which connects within seconds, keeps its own.
* Closing a tab shuts its kernel down. Voila's page posts to
  ``/voila/api/shutdown/<kernel>`` with the ``_xsrf`` token it reads from its
  cookie, but Voila never sets that cookie, so the post was refused; the kit's
  page sets it.
* Connections cannot hold the server's file descriptors (:mod:`landlord.server_guard`):
  the soft limit on open files is raised at start (towards 65,536); a request
  must send its headers within ``LandlordVoila.header_timeout`` seconds (10; a
  kept-alive connection waits as long for its next request) and its body
  within ``LandlordVoila.body_timeout`` (30); when the process is out of
  descriptors anyway, it stops accepting for a second and logs it once every
  few seconds, instead of failing again at once with a traceback each time.
* Every page's Jinja environment shares one in-memory cache of compiled
  template code (:class:`~landlord.serve.templates.SharedTemplateCode`): Voila
  builds a new exporter, and with it a new environment, for each page, so the
  page's templates were parsed and compiled again every time, on the event
  loop (about a third of a second per page). A template is compiled again when
  its file changes.
* Requests Voila answered with an error of its own (500 and a traceback) get
  404: a template's static file outside ``<template>/static/`` (a
  ``..%2f`` in ``/voila/templates/``), and ``/logout`` when there is no login
  (with a token, ``/logout`` forgets the login and goes to the login page).
* The lessons ``make lessons`` built (``lessons/_site`` beside the notebooks'
  folder, or ``LandlordVoila.lessons_site``) are served read-only at
  ``/lessons/`` (:mod:`~landlord.serve.lessons`): only files inside that folder,
  no folder's listing, and a page that says how to build them until they are.
  The kernels are told where (the welcome page links each lesson's pages);
  ``LandlordVoila.serve_lessons=False`` serves the apps alone.

The modules: :mod:`~landlord.serve.app` is the application
(:class:`~landlord.serve.app.LandlordVoila`, which swaps in the guarded classes);
:mod:`~landlord.serve.connections` the kernel websocket and its connection;
:mod:`~landlord.serve.kernels` the kernel limits
(:class:`~landlord.serve.kernels.KernelCap`); :mod:`~landlord.serve.pages` the
page, template and logout handlers; :mod:`~landlord.serve.lessons` the built
lessons' files; :mod:`~landlord.serve.templates` the shared compiled templates;
:mod:`~landlord.serve.hosts` the ``Host`` check and the guarded listening.

Examples
--------
Serve on another port, allowing a classroom name besides the loopback::

    python -m landlord.serve notebooks --port=8867 --LandlordVoila.allowed_hosts=class.local
"""
