"""A class at its tables: each student on their own device, the teacher's dashboard.

``make class`` (``python -m landlord.classroom``) serves it on the local
network. The modules, from the bottom up:

- :mod:`~landlord.classroom.store`: each table kept as its append-only entries
  (SQLite or PostgreSQL); an entry number is written once, so a game cannot fork;
- :mod:`~landlord.classroom.tables`: a table made only of its entries (seats,
  the start, throws and moves), its game played by the kit's engine;
- :mod:`~landlord.classroom.lesson`: a class's lesson, one writer per table;
- :mod:`~landlord.classroom.views` and :mod:`~landlord.classroom.yardstick`:
  what each screen shows (led by where the land rent went and the poorest
  player), and the class set against simulated paired games;
- :mod:`~landlord.classroom.kept`: "What if we kept playing?", a table's own
  game played on by bots in the server's worker process, once per position;
- :mod:`~landlord.classroom.server`: the live side of the Tornado server (no
  Jupyter kernel): who is connected to which table, and sending them views;
- :mod:`~landlord.classroom.handlers`, :mod:`~landlord.classroom.connections`,
  :mod:`~landlord.classroom.teacher` and :mod:`~landlord.classroom.downloads`:
  its pages, a device's live connection at a table, the teacher's dashboard
  and the class's downloads; :mod:`~landlord.classroom.app` puts them under
  their addresses; :mod:`~landlord.classroom.pages` writes the pages' HTML.

Importing this package imports none of them; the server needs the ``notebook``
extra (Tornado and segno), a PostgreSQL store the ``postgres`` extra.
"""
