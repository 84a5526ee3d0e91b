"""The board in words: what a screen reader reads of a game, for both families."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from landlord.money import money
from landlord.session import Session
from landlord.views.board_text import board_text_html


class Tables(HTMLParser):
    """The tables of an HTML text: each a caption and rows of (tag, scope, text) cells."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict] = []
        self.headings: list[str] = []
        self._cell: list | None = None
        self._text: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append({"caption": "", "rows": []})
        elif tag == "tr":
            self.tables[-1]["rows"].append([])
        elif tag in ("th", "td"):
            self._cell = [tag, dict(attrs).get("scope"), ""]
        elif tag in ("caption", "h3", "h4"):
            self._text = []

    def handle_data(self, data):
        if self._cell is not None:
            self._cell[2] += data
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag in ("th", "td") and self._cell is not None:
            self.tables[-1]["rows"][-1].append(tuple(self._cell))
            self._cell = None
        elif tag == "caption":
            self.tables[-1]["caption"] = "".join(self._text)
            self._text = None
        elif tag in ("h3", "h4"):
            self.headings.append("".join(self._text))
            self._text = None


def read(text: str) -> Tables:
    parsed = Tables()
    parsed.feed(text)
    return parsed


def rows_by_name(table: dict) -> dict[str, list[str]]:
    """A table's body rows by their row header: the other cells' text."""
    return {
        row[0][2]: [cell[2] for cell in row[1:]]
        for row in table["rows"]
        if row and row[0][1] == "row"
    }


def check_structure(parsed: Tables) -> None:
    """Two tables with captions; every header cell has a scope; every row is full."""
    assert len(parsed.tables) == 2
    for table in parsed.tables:
        assert table["caption"]
        widths = {len(row) for row in table["rows"]}
        assert len(widths) == 1
        for row in table["rows"]:
            for tag, scope, _ in row:
                assert tag == "td" or scope in ("col", "row")


def test_magies_game_in_words_players_spaces_and_public_side():
    game = Session("landlords_game", ["eager_landlord", "cautious_tenant", "random"], seed=6).run()
    names = ["Ann", "Bob", "Cleo"]
    text = board_text_html(game, names=names)
    parsed = read(text)
    check_structure(parsed)
    assert parsed.headings == ["The board in words: The Landlord's Game", "The public side"]
    assert f"The game is over after round {game.round}" in text
    players, spaces = (rows_by_name(table) for table in parsed.tables)
    # Every player: cash and net worth as the ledger has them, where he is, what he holds.
    worths = game.net_worths()
    for player, name in enumerate(names):
        cash, worth, where, cards = players[name]
        assert cash == money(game.cash(player))
        assert worth == money(worths[player])
        assert where.startswith(f"on {game.tables.track.name(game.position[player])}")
        held = [game.tables.name[s] for s in game.tables.cards if game.holdings.owner[s] == player]
        for card in held:
            assert card in cards
    assert "in Jail" in players["Ann"][2]  # Ann is jailed at the end of this game
    # Every card space: its holder and houses, as the board holds them.
    assert len(spaces) == len(game.tables.cards)
    assert parsed.tables[1]["caption"].endswith(f"of {len(game.tables.cards)} held")
    for space in game.tables.cards:
        kind, price, _, holder, houses, _ = spaces[f"{space}. {game.tables.name[space]}"]
        assert kind == game.tables.kind[space]
        assert price == money(game.tables.price[space])
        owner = game.holdings.owner[space]
        assert holder == (names[owner] if owner >= 0 else "nobody")
        built = game.holdings.houses[space]
        assert houses == ("" if not built else f"{built} house{'s' if built > 1 else ''}")
    # The Treasury, the wages and the single tax, in the family's own words.
    assert "PUBLIC TREASURY" in text
    assert "private land rent" in text


def test_under_the_single_tax_the_public_works_and_the_rent_now_are_said():
    game = Session("single_tax", ["eager_landlord"] * 3, seed=4).run()
    parsed = read(board_text_html(game))
    spaces = rows_by_name(parsed.tables[1])
    public = [s for s in game.tables.cards if game.treasury.public[s]]
    assert public
    for space in public:
        row = spaces[f"{space}. {game.tables.name[space]}"]
        assert row[5] == "bought by the Public Treasury: free to use"
    # Under the single tax a lot nobody holds still costs its land rent, paid to the Treasury.
    lot = next(
        s for s in game.tables.cards if game.tables.kind[s] == "lot" and game.holdings.owner[s] < 0
    )
    due = sum(bill[1] for bill in game.spaces.rent_due(lot))
    assert spaces[f"{lot}. {game.tables.name[lot]}"][2] == money(due)
    assert "the single tax" in board_text_html(game)


def test_a_game_waiting_for_a_person_says_what_he_is_asked():
    game = Session("landlords_game", ["human", "eager_landlord"], seed=3).run()
    text = board_text_html(game, names=["Ann", "Bob"])
    assert "The deal, before round 1. Waiting for Ann: buy the card you were dealt?" in text
    players = rows_by_name(read(text).tables[0])
    assert players["Ann"][3] == "none"  # nothing bought yet


def test_the_later_game_in_words_hotels_mortgages_utilities_and_bankrupts():
    game = Session("monopoly_us", ["eager_landlord", "cautious_tenant", "random"], seed=6).run()
    names = ["Ann", "Bob", "Cleo"]
    text = board_text_html(game, names=names, level=2)
    parsed = read(text)
    check_structure(parsed)
    assert "<h2>The board in words: Monopoly: the classic US rules</h2>" in text
    players, spaces = (rows_by_name(table) for table in parsed.tables)
    estates = game.estates
    assert players["Ann"][2] == players["Bob"][2] == "out of the game (bankrupt)"
    by_number = {int(key.split(".")[0]): cells for key, cells in spaces.items()}
    for space in game.tables.cards:
        kind, _, rent, holder, houses, notes = by_number[space]
        if game.tables.kind[space] == "street":
            assert kind == f"street, {game.tables.colour[space]} group"
        if estates.owner[space] < 0:
            assert (rent, holder) == ("", "nobody")
        elif estates.mortgaged[space]:
            assert (rent, notes) == ("none (mortgaged)", "mortgaged")
        elif game.tables.kind[space] == "utility":
            assert rent == f"{estates.rent(space, 1)}\u00d7 the dice"
        else:
            assert rent == money(estates.rent(space))
        if estates.houses[space] == 5:
            assert houses == "a hotel"
    assert any(houses == "a hotel" for _, _, _, _, houses, _ in spaces.values())
    assert "the Bank has" in text  # the bank's buildings, in the family's words


def test_the_names_must_match_the_players():
    game = Session("landlords_game", ["eager_landlord"] * 2, seed=1).run()
    with pytest.raises(ValueError, match="1 names for 2 players"):
        board_text_html(game, names=["Ann"])


def test_names_are_escaped():
    game = Session("landlords_game", ["eager_landlord"] * 2, seed=1).run()
    text = board_text_html(game, names=["<b>Ann</b>", "Bob"])
    assert "<b>Ann</b>" not in text
    assert "&lt;b&gt;Ann&lt;/b&gt;" in text
