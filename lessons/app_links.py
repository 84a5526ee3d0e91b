"""The apps a lesson opens, each set up for its activity, and the links the lessons' pages give.

A lesson's header lists its apps (``FORMAT.md``): a name (``play``) opens the app
as it starts; a table opens it set up for an activity::

    apps:
      - app: play
        for: "Part 1: the pair game"
        setup:
          rules: landlords_game
          seats: [human, human, eager_landlord, cautious_tenant]

The setup's fields are the ones the app reads from its page's address
(:mod:`landlord.widgets.link`), and the address is made by that module's
:func:`~landlord.widgets.link.setup_query`, never written by hand. Reading the
header checks every field the way the app will read it, so a lesson cannot
link a setup the app would leave out.

Each page gives every app twice: on Binder (nothing to install) and in the
Voila that serves the apps on the school's own machine. That Voila's address is
not fixed: the build takes it (``--apps-url``, by default
:data:`DEFAULT_APPS_URL`, what ``make run`` serves), and each page has a field
to change it, kept by the browser for every lesson page, or takes it from its
own address (``NN_slug.html?apps=http://10.0.0.5:8870/voila/render/``). A page
the kit's own server serves (``make run``, at ``/lessons/``) opens that server's
apps, at the address the browser reached it by.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote

from landlord.apps import binder_url

__all__ = ["APPS", "DEFAULT_APPS_URL", "AppLink", "app_links", "apps_box", "check_apps_url"]

#: The apps a lesson may open, by name: (title, notebook).
APPS = {
    "play": ("Play", "play.ipynb"),
    "side_by_side": ("Side by side", "landlord_vs_prosperity.ipynb"),
    "experiments": ("Experiments", "experiments.ipynb"),
}
#: Where an app opens on Binder: the kit's one repository setting.
BINDER = binder_url("voila/render/notebooks/")
#: Where ``make run`` serves the apps, unless the build is told otherwise.
DEFAULT_APPS_URL = "http://127.0.0.1:8866/voila/render/"
#: The browser's name for the address a teacher chose (the same on every lesson page).
STORAGE_KEY = "landlord-apps-url"
#: The cookie the kit's server sends with the lesson pages it serves
#: (``landlord.serve.lessons.SERVED_COOKIE``): their apps are on that same server.
SERVED_COOKIE = "landlord_apps_here"


@dataclass(frozen=True)
class AppLink:
    """One app a lesson opens: which, for which activity, and set up how."""

    name: str
    purpose: str = ""
    setup: dict[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return APPS[self.name][0]

    @property
    def page(self) -> str:
        """The app's page with its setup: ``play.ipynb?rules=landlords_game&...``."""
        from landlord.widgets.link import setup_query

        notebook = APPS[self.name][1]
        return notebook + (setup_query(**self.setup) if self.setup else "")

    @property
    def query(self) -> dict[str, str]:
        """The setup as the app's page reads it from its address."""
        return dict(parse_qsl(self.page.partition("?")[2]))


def _fields(name: str) -> list[Any]:
    from landlord.widgets import link

    if name == "play":
        return link.PLAY_FIELDS
    if name == "side_by_side":
        return link.SIDE_BY_SIDE_FIELDS
    measure = [each for each in link.CLAIM_FIELDS if each.name == "measure"]
    return link.EXPERIMENT_FIELDS + measure


def app_links(entries: Any) -> list[AppLink]:
    """The header's ``apps`` list read and checked; ``ValueError`` says what is wrong.

    Examples
    --------
    >>> replay = {"app": "play", "for": "the class game", "setup": {"seed": 2}}
    >>> [link.page for link in app_links(["play", replay])]
    ['play.ipynb', 'play.ipynb?seed=2']
    >>> app_links([{"app": "play", "for": "Part 1", "setup": {"seats": ["human", "bishop"]}}])
    Traceback (most recent call last):
    ...
    ValueError: item 1 (play): The link's seats 'human,bishop' was left out: \
not a seat (choose one of human, eager_landlord, cautious_tenant, single_taxer, \
strategy_guide, random, tuned, search, empty).
    """
    from landlord.widgets.link import read_setup

    if not isinstance(entries, list):
        raise ValueError(f"expected a list of {', '.join(APPS)}")
    links = []
    for number, entry in enumerate(entries, start=1):
        entry = {"app": entry} if isinstance(entry, str) else entry
        if (
            not isinstance(entry, dict)
            or entry.get("app") not in APPS
            or set(entry) - {"app", "for", "setup"}
        ):
            raise ValueError(
                f"item {number}: expected an app ({', '.join(APPS)}) or a table of "
                "'app', 'for' and 'setup' (see FORMAT.md)"
            )
        setup, purpose = entry.get("setup", {}), entry.get("for", "")
        if not isinstance(setup, dict) or not isinstance(purpose, str):
            raise ValueError(f"item {number}: 'setup' is a table and 'for' a sentence")
        if setup and not purpose:
            raise ValueError(f"item {number}: say which activity it is set up 'for'")
        app = AppLink(entry["app"], purpose.strip(), setup)
        problems = read_setup(app.query, _fields(app.name))[1]
        if problems:
            raise ValueError(f"item {number} ({app.name}): {problems}")
        links.append(app)
    return links


def check_apps_url(address: str) -> str:
    """The apps' address as the pages use it: http or https, ending with ``/``.

    >>> check_apps_url("http://10.0.0.5:8870/voila/render")
    'http://10.0.0.5:8870/voila/render/'
    """
    if not address.startswith(("http://", "https://")) or any(c.isspace() for c in address):
        raise ValueError(f"the apps' address starts with http:// or https://, not {address!r}")
    return address if address.endswith("/") else address + "/"


def apps_box(links: list[AppLink], apps_url: str = DEFAULT_APPS_URL) -> str:
    """The box of app links a lesson's pages show, with the field that changes the
    apps' address and the script that applies it ("" for a lesson without apps)."""
    if not links:
        return ""
    items = []
    for link in links:
        how = f", set up for {html.escape(link.purpose)}" if link.setup else ""
        items.append(
            f"<li><b>{html.escape(link.title)}</b>{how}: "
            f'<a href="{html.escape(BINDER + quote(link.page, safe=""))}">on Binder</a> '
            f"&middot; "
            f'<a class="voila" data-app="{html.escape(link.page)}" '
            f'href="{html.escape(apps_url + link.page)}">in Voila</a></li>'
        )
    return f"""<div class="apps" role="region" aria-label="The apps for this lesson">
<p>Open the app:</p>
<ul>{"".join(items)}</ul>
<form class="apps-at no-print"><label>The links "in Voila" open the apps at
<input name="apps-url" size="34" value="{html.escape(apps_url)}" spellcheck="false"></label>
<button type="submit">Use this address</button> <span class="apps-at-note" role="status"></span>
<br><small>(the address <code>make run</code> prints, up to <code>voila/render/</code>;
this browser keeps it for every lesson page)</small></form>
</div>
{_SCRIPT}"""


#: Applies the apps' address a teacher chose (on this page, in its address, or kept
#: by the browser) to every "in Voila" link.
_SCRIPT = """<script>
(function () {
  var KEY = "STORAGE_KEY";
  var form = document.querySelector("form.apps-at");
  if (!form) { return; }
  var field = form.elements["apps-url"], note = form.querySelector(".apps-at-note");
  function use(address, keep) {
    if (!/^https?:\\/\\/\\S+$/.test(address)) {
      note.textContent = "An address starts with http:// or https://.";
      return;
    }
    if (address.slice(-1) !== "/") { address += "/"; }
    document.querySelectorAll("a.voila[data-app]").forEach(function (link) {
      link.href = address + link.getAttribute("data-app");
    });
    field.value = address;
    if (keep) {
      try { localStorage.setItem(KEY, address); } catch (error) { /* a private window */ }
      note.textContent = "The Voila links now open " + address;
    }
  }
  var asked = new URLSearchParams(window.location.search).get("apps"), kept = null;
  try { kept = localStorage.getItem(KEY); } catch (error) { /* a private window */ }
  // Served by the kit's own server (make run): its apps are beside the lessons.
  var here = null, path = window.location.pathname, at = path.lastIndexOf("/lessons/");
  if (document.cookie.split("; ").indexOf("SERVED_COOKIE=1") >= 0 && at >= 0) {
    here = window.location.origin + path.slice(0, at + 1) + "voila/render/";
  }
  if (asked) { use(asked, true); } else if (here) { use(here, false); }
  else if (kept) { use(kept, false); }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    use(field.value.trim(), true);
  });
})();
</script>""".replace("STORAGE_KEY", STORAGE_KEY).replace("SERVED_COOKIE", SERVED_COOKIE)
