"""The board as SVG (``landlord.views.board``): what a class sees on the projector.

Each test sets a position (``scenarios.at_throw``) or plays a seeded game,
draws it, parses the picture as XML and checks what a viewer would notice:
who holds which card, how many houses stand, where every token is, what
the centre says about the money, and that nothing hides anything else.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import pytest
from scenarios import at_throw

from landlord.families.magie.game import LandlordsGame
from landlord.rules import load_rules
from landlord.rules.model import Space
from landlord.session import Session, default_players
from landlord.views.board import (
    PLAYER_COLOURS,
    board_svg,
    player_colour,
    text_colour,
    token_labels,
    wrap,
)

SVG = "{http://www.w3.org/2000/svg}"
OKABE_ITO = {
    "#000000",
    "#E69F00",
    "#56B4E9",
    "#009E73",
    "#F0E442",
    "#0072B2",
    "#D55E00",
    "#CC79A7",
}
WAYBACK, LONELY_LANE, HOGG, ROYAL_RUSHER, PIKE, SHELTER = 1, 3, 4, 5, 6, 10
SOAKUM, FOOD, CENTRAL_PARK, BLUEBLOOD, BROADWAY, WALL_STREET = 13, 17, 20, 30, 31, 38
TIMBERLAND, FARMLANDS = 40, 41


def draw(game, **kwargs) -> ET.Element:
    """The game drawn and parsed (a parse error fails the test)."""
    return ET.fromstring(board_svg(game, **kwargs))


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in g.get("class", "").split()]


def spaces_by_index(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-space")): g for g in groups(root, "space")}


def tokens_by_player(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-player")): g for g in groups(root, "token")}


def title(element: ET.Element) -> str:
    return element.find(f"{SVG}title").text


def token_centre(token: ET.Element) -> tuple[float, float]:
    circle = next(c for c in token.iter(f"{SVG}circle") if c.get("fill") != "none")
    return float(circle.get("cx")), float(circle.get("cy"))


def cell_box(space: ET.Element) -> tuple[float, float, float, float]:
    rect = space.find(f"{SVG}rect")  # the space's background comes first
    return tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))


def inside(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    return x <= point[0] <= x + w and y <= point[1] <= y + h


def texts(element: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in element.iter(f"{SVG}text")]


def check_matches(game, root: ET.Element) -> None:
    """Holders, houses and token positions in the picture are the game's."""
    spaces = spaces_by_index(root)
    size = game.tables.size
    for index in range(size):
        assert int(spaces[index].get("data-holder")) == game.holdings.owner[index], index
        assert int(spaces[index].get("data-houses")) == game.holdings.houses[index], index
    tokens = tokens_by_player(root)
    assert sorted(tokens) == list(range(game.n_players))
    for player, token in tokens.items():
        where = game.position[player]
        assert int(token.get("data-space")) == where
        assert inside(token_centre(token), cell_box(spaces[where])), (player, where)
    centres = [token_centre(token) for token in tokens.values()]
    assert len(set(centres)) == len(centres)  # no token sits on another


def contrast(first: str, second: str) -> float:
    def luminance(colour: str) -> float:
        def channel(value: int) -> float:
            c = value / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# --- the picture as a whole ----------------------------------------------------------------------


def test_the_board_parses_with_a_viewbox_a_group_per_space_and_the_inner_corners():
    game = LandlordsGame(load_rules("landlords_game"), ["Ann", "Bob", "Cy", "Di"])
    root = draw(game, size=500)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 760 760"
    assert (root.get("width"), root.get("height")) == ("500", "500")
    spaces = groups(root, "space")
    track = [g for g in spaces if g.get("class") == "space"]
    side = [g for g in spaces if "side-space" in g.get("class").split()]
    assert [int(g.get("data-space")) for g in track] == list(range(40))
    assert [int(g.get("data-space")) for g in side] == [40, 41, 42, 43]
    assert [title(g).split(" \u2014 ")[0] for g in side] == [
        "40. Timberland",
        "41. Farmlands",
        "42. Coal Mines",
        "43. Oil Fields",
    ]
    assert len(groups(root, "centre")) == 1
    assert len(groups(root, "token")) == 4


def test_spaces_are_laid_out_as_a_classic_square_with_mother_earth_bottom_right():
    game = LandlordsGame(load_rules("landlords_game"), ["Ann", "Bob"])
    spaces = spaces_by_index(draw(game))
    boxes = {index: cell_box(g) for index, g in spaces.items()}
    x0, y0, w0, _ = boxes[0]
    assert (x0 > 600, y0 > 600) == (True, True)  # Mother Earth, bottom right
    assert (boxes[1][0] < x0, boxes[1][1]) == (True, y0)  # counting on to the left
    assert (boxes[10][0] < 10, boxes[10][1]) == (True, y0)  # Shelter / Jail, bottom left
    assert boxes[20][:2] == (boxes[10][0], boxes[10][0])  # Central Park, top left
    assert (boxes[30][0], boxes[30][1]) == (x0, boxes[20][1])  # Blueblood, top right
    # The Natural Opportunities sit inside the track, each in the corner it leads out of.
    track_inner = (boxes[10][0] + w0, boxes[20][1] + w0, x0 - boxes[10][0] - w0)
    for side, corner in ((40, 0), (41, 10), (42, 20), (43, 30)):
        x, y, w, h = boxes[side]
        low, high = track_inner[0], track_inner[0] + track_inner[2]
        assert low <= x <= x + w <= high
        assert low <= y <= y + h <= high
        cx, cy = boxes[corner][0], boxes[corner][1]
        assert ((x > 380), (y > 380)) == ((cx > 380), (cy > 380))


def no_overlaps(boxes: list[tuple[float, float, float, float]]) -> bool:
    """No two boxes share more than the rounding of coordinates to a tenth of a unit."""
    e = 0.2
    for k, (x, y, w, h) in enumerate(boxes):
        for x2, y2, w2, h2 in boxes[k + 1 :]:
            if x < x2 + w2 - e and x2 < x + w - e and y < y2 + h2 - e and y2 < y + h - e:
                return False
    return True


@pytest.mark.parametrize(
    ("extra", "corners"),
    [(0, None), (4, None), (2, None), (2, ()), (-2, ())],
    ids=["40", "44", "42 with the named corners", "42 split evenly", "38 split evenly"],
)
def test_any_track_length_is_laid_out_without_overlaps(extra, corners):
    rules = load_rules("landlords_game")
    board = rules.board
    spaces = board.spaces[: len(board.spaces) + min(extra, 0)]
    spaces += tuple(Space(40 + k, f"Extra {k}", "blank") for k in range(max(extra, 0)))
    board = dataclasses.replace(
        board, spaces=spaces, corners=board.corners if corners is None else corners
    )
    game = LandlordsGame(dataclasses.replace(rules, board=board), ["Ann", "Bob", "Cy"])
    root = draw(game)
    by_index = spaces_by_index(root)
    assert sorted(by_index) == list(range(len(spaces) + 4))
    boxes = [cell_box(g) for g in by_index.values()]
    assert no_overlaps(boxes)
    assert all(0 <= x <= x + w <= 760 for x, _, w, _ in boxes)
    assert all(0 <= y <= y + h <= 760 for _, y, _, h in boxes)
    check_matches(game, root)


def test_text_is_at_least_11_pixels_at_the_default_size():
    game = at_throw(4, rules="single_tax", houses={BROADWAY: 2}, owners={BROADWAY: 1})
    root = draw(game)
    assert root.get("font-size") == "11"
    sizes = [float(e.get("font-size")) for e in root.iter() if e.get("font-size")]
    assert min(sizes) >= 11


def layouts_made() -> dict:
    """The board layouts made so far, by key: (board, layout) each."""
    from landlord.views import track

    return {key: (board, layout) for key, (board, layout) in track._LAYOUTS.items()}


def test_the_1906_boards_layout_is_made_once_and_each_picture_reuses_it():
    # What keeps a picture fast (under a millisecond; benchmarks/pictures.py times it): the
    # squares, names and trays are laid out once per board, not per picture.
    session = Session(load_rules("single_tax"), default_players(4), seed=3)
    session.run(max_steps=250)
    board_svg(session.game)  # the board's layout is made once, here
    before = layouts_made()
    for _ in range(20):
        session.run(max_steps=5)
        board_svg(session.game)
    after = layouts_made()
    assert after.keys() == before.keys()
    assert all(after[key][1] is before[key][1] for key in before)


# --- holders, houses, tokens ---------------------------------------------------------------------


def test_holders_houses_and_tokens_are_the_games():
    game = at_throw(
        4,
        owners={WAYBACK: 0, LONELY_LANE: 1, ROYAL_RUSHER: 2, SOAKUM: 3, WALL_STREET: 1},
        houses={LONELY_LANE: 2, WALL_STREET: 7},
        positions={0: PIKE, 1: PIKE, 2: WALL_STREET, 3: 0},
    )
    root = draw(game)
    check_matches(game, root)
    spaces = spaces_by_index(root)
    assert spaces[LONELY_LANE].get("data-holder") == "1"
    assert spaces[LONELY_LANE].get("data-houses") == "2"
    assert spaces[FOOD].get("data-holder") == "-1"
    # The holder is named in the tooltip, not only shown by colour.
    assert "held by Bob (player 2)" in title(spaces[WALL_STREET])
    assert "7 houses" in title(spaces[WALL_STREET])
    assert "\u00d77" in texts(spaces[WALL_STREET])  # too many houses to draw: a count
    tokens = tokens_by_player(root)
    assert tokens[0].get("data-space") == tokens[1].get("data-space") == str(PIKE)
    assert token_centre(tokens[0]) != token_centre(tokens[1])
    assert [texts(tokens[p]) for p in range(4)] == [["A"], ["B"], ["C"], ["D"]]
    assert "here: Ann, Bob" in title(spaces[PIKE])


def test_every_player_on_one_space_stays_visible():
    game = at_throw(4, positions={0: FOOD, 1: FOOD, 2: FOOD, 3: FOOD})
    tokens = tokens_by_player(draw(game))
    centres = [token_centre(tokens[p]) for p in range(4)]
    radii = [
        float(next(c for c in tokens[p].iter(f"{SVG}circle") if c.get("fill") != "none").get("r"))
        for p in range(4)
    ]
    for k, (x, y) in enumerate(centres):
        for x2, y2 in centres[k + 1 :]:
            assert ((x - x2) ** 2 + (y - y2) ** 2) ** 0.5 >= radii[0] + radii[1]  # no overlap


def test_jail_poor_house_and_natural_opportunity_show_where_the_players_are():
    game = at_throw(
        4, rules="single_tax", positions={0: SHELTER, 1: SHELTER, 2: CENTRAL_PARK, 3: FARMLANDS}
    )
    game.jailed[1] = True
    game.in_poor_house[2] = True
    root = draw(game)
    check_matches(game, root)
    tokens = tokens_by_player(root)
    assert [tokens[p].get("data-where") for p in range(4)] == [
        "track",
        "jail",
        "poor_house",
        "opportunity",
    ]
    assert tokens[3].get("data-space") == str(FARMLANDS)
    assert "Farmlands" in title(tokens[3])
    assert "in Jail" in title(tokens[1])
    # The jailed player and the visitor are in different parts of the corner.
    assert token_centre(tokens[0])[0] < token_centre(tokens[1])[0]
    centre = groups(root, "centre")[0]
    words = " ".join(texts(centre))
    for state in ("in Jail", "Poor House", "at Farmlands"):
        assert state in words


def test_names_with_quotes_ampersands_and_angle_brackets_are_escaped():
    game = at_throw(2, owners={BLUEBLOOD - 1: 0})
    names = ["Ann & <Co>", 'Bob "Bo" O\'Neil\x07']
    svg = board_svg(game, names=names)
    root = ET.fromstring(svg)  # well-formed in spite of the names
    tokens = tokens_by_player(root)
    assert title(tokens[0]).startswith("Ann & <Co> (player 1, A)")
    assert title(tokens[1]).startswith('Bob "Bo" O\'Neil (player 2, B)')
    spaces = spaces_by_index(root)
    assert title(spaces[BLUEBLOOD]).startswith("30. Lord Blueblood's Estate \u2014 No Trespassing")
    assert title(spaces[HOGG]).startswith("4. D. F. Hogg's Game Preserves")
    assert "held by Ann & <Co>" in title(spaces[BLUEBLOOD - 1])
    players = groups(root, "player")
    assert "Ann & <Co>" in texts(players[0])


def test_the_last_move_is_lit_up():
    game = at_throw(2, positions={0: PIKE, 1: FOOD})
    root = draw(game, last_move=(1, FOOD))
    lit = [g for g in groups(root, "space") if g.get("data-last") == "1"]
    assert [g.get("data-space") for g in lit] == [str(FOOD)]
    ring = list(tokens_by_player(root)[1].iter(f"{SVG}circle"))
    assert len(ring) == 2  # the ring and the token
    root = draw(game, last_move=TIMBERLAND)
    lit = [g for g in groups(root, "space") if g.get("data-last") == "1"]
    assert [g.get("data-space") for g in lit] == [str(TIMBERLAND)]


def test_names_must_match_the_players():
    game = at_throw(2)
    with pytest.raises(ValueError, match="3 names for 2 players"):
        board_svg(game, names=["A", "B", "C"])


# --- the single tax ------------------------------------------------------------------------------


def treasury(game) -> int:
    return game.ledger.names.index("PUBLIC TREASURY")


def test_under_the_single_tax_the_centre_shows_the_treasury_wages_and_public_works():
    game = at_throw(4, rules="single_tax", owners={SOAKUM: 1}, position=14)
    game.ledger.transfer(game.bank, treasury(game), 10 * 50 + 20, "land rent")  # as if collected
    game.apply((1, 2))  # to Food: the turn ends and the Treasury spends every $50
    root = draw(game)
    centre = groups(root, "centre")[0]
    balance = game.ledger.balances[treasury(game)]
    assert balance == 20
    assert centre.get("data-treasury") == "20"
    assert centre.get("data-wages") == str(game.wages) == "120"
    assert centre.get("data-round") == str(game.round)
    assert centre.get("data-single-tax") == "1"
    words = texts(centre)
    assert "PUBLIC TREASURY $20" in words
    assert "Wages $120" in words
    assert "SINGLE TAX in force from the start" in words
    # The last three public works, as the game lists them.
    shown = [w for w in words if w.startswith("round ")]
    assert shown == [f"round {r}: {what}" for r, what in game.treasury.public_works[-3:]]
    spaces = spaces_by_index(root)
    soakum = spaces[SOAKUM]
    assert soakum.get("data-public") == "1"
    assert soakum.get("data-holder") == "-1"  # the card went back to the pack
    assert "FREE" in texts(soakum)
    assert "bought by the Public Treasury: free to use" in title(soakum)
    for college in (BLUEBLOOD, HOGG):
        assert spaces[college].get("data-college") == "1"
        assert "COLLEGE" in texts(spaces[college])
    # Unimproved lots are open sites; the necessities are untaxed now.
    assert spaces[WAYBACK].get("data-site") == "1"
    assert "no tax" in texts(spaces[FOOD])


def test_cash_and_net_worth_in_the_centre_are_the_engines():
    game = at_throw(
        3, rules="single_tax", owners={BROADWAY: 2}, houses={BROADWAY: 2}, cash={0: 321}
    )
    players = groups(draw(game), "player")
    worths = game.net_worths()
    assert [int(g.get("data-cash")) for g in players] == [game.cash(p) for p in range(3)]
    assert [int(g.get("data-net-worth")) for g in players] == worths
    assert "$321" in texts(players[0])


def test_a_vote_brings_the_single_tax_in_and_the_centre_says_since_when():
    session = Session("landlords_game", default_players(4), seed=3, single_tax_at_round=4)
    game = session.game
    centre = groups(draw(game), "centre")[0]
    assert centre.get("data-single-tax") == "0"
    while game.round < 5 and not game.is_over:
        session.step()
    centre = groups(draw(game), "centre")[0]
    assert centre.get("data-single-tax") == "1"
    assert "SINGLE TAX in force since round 4" in texts(centre)


# --- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["landlords_game", "single_tax", "prosperity"])
def test_a_whole_seeded_bot_game_draws_at_every_stage(rules):
    session = Session(load_rules(rules), default_players(4), seed=3)
    game = session.game
    drawn = 0
    while True:
        before = list(game.position)
        root = draw(game, size=640)
        check_matches(game, root)
        centre = groups(root, "centre")[0]
        assert centre.get("data-round") == str(game.round)
        assert centre.get("data-treasury") == str(game.ledger.balances[treasury(game)])
        drawn += 1
        if game.is_over:
            break
        for _ in range(37):
            session.step()
        moved = [p for p in range(4) if game.position[p] != before[p]]
        if moved:
            ET.fromstring(board_svg(game, last_move=(moved[0], game.position[moved[0]])))
    assert drawn > 5
    assert "game over" in " ".join(texts(groups(root, "centre")[0]))


# --- colours -------------------------------------------------------------------------------------


def test_players_wear_distinct_okabe_ito_colours_with_readable_initials():
    assert len(PLAYER_COLOURS) == len(set(PLAYER_COLOURS)) == 6
    assert set(PLAYER_COLOURS) <= OKABE_ITO
    for colour in PLAYER_COLOURS:
        assert contrast(colour, text_colour(colour)) >= 4.5
    game = at_throw(4, positions={1: PIKE, 2: FOOD, 3: WALL_STREET})
    root = draw(game)
    tokens = tokens_by_player(root)
    fills = [
        next(c for c in tokens[p].iter(f"{SVG}circle") if c.get("fill") != "none").get("fill")
        for p in range(4)
    ]
    assert fills == [player_colour(p) for p in range(4)] == list(PLAYER_COLOURS[:4])
    # The legend in the centre pairs each colour with its player's name.
    for player, row in enumerate(groups(root, "player")):
        assert row.find(f"{SVG}circle").get("fill") == PLAYER_COLOURS[player]
        assert game.names[player] in texts(row)


def test_tokens_are_told_apart_by_their_labels_too():
    assert token_labels(["Ann", "Bob"]) == ["A", "B"]
    assert token_labels(["eager_landlord 1", "eager_landlord 2"]) == ["E1", "E2"]
    session = Session(load_rules("landlords_game"), default_players(4), seed=1)
    tokens = tokens_by_player(draw(session.game))
    assert [texts(tokens[p]) for p in range(4)] == [["E1"], ["E2"], ["E3"], ["E4"]]


def test_long_names_are_wrapped_and_shortened_to_fit():
    assert wrap("D. F. Hogg's Game Preserves", 54, 3) == ["Hogg's", "Game", "Preserves"]
    lines = wrap("An Extraordinarily Long Street Name Indeed", 50, 2)
    assert len(lines) == 2
    assert lines[-1].endswith("\u2026")


# --- the later game (the Monopoly rule sets, as history) -----------------------------------------

PARK_LANE, MAYFAIR, KINGS_CROSS, OLD_KENT_ROAD, JAIL = 37, 39, 5, 1, 10


def later_game(rules: str = "monopoly_uk_1972", players: int = 4):
    """A seeded game of the later rules a few rounds in, its board then set by hand:
    Ann holds the dark blues, four houses on Park Lane and a hotel on Mayfair; Bob holds
    King's Cross mortgaged; Cy holds Old Kent Road and is just visiting; Di is in Jail."""
    session = Session(
        rules, ["random"] * players, seed=2, names=["Ann", "Bob", "Cy", "Di"][:players]
    )
    game = session.game
    while game.round < 3:
        session.step()
    size = game.tables.size
    game.estates.owner[:] = [-1] * size
    game.estates.houses[:] = [0] * size
    game.estates.mortgaged[:] = [False] * size
    game.jailed[:] = [False] * players
    for space, holder in {PARK_LANE: 0, MAYFAIR: 0, KINGS_CROSS: 1, OLD_KENT_ROAD: 2}.items():
        game.estates.owner[space] = holder
    game.estates.houses[PARK_LANE], game.estates.houses[MAYFAIR] = 4, 5
    game.estates.bank_houses, game.estates.bank_hotels = 28, 11
    game.estates.mortgaged[KINGS_CROSS] = True
    game.position[:] = [PARK_LANE, 20, JAIL, JAIL][:players]
    if players > 3:
        game.jailed[3] = True
    return game


def fills(element: ET.Element) -> list[str]:
    return [rect.get("fill") for rect in element.iter(f"{SVG}rect")]


def test_the_later_game_shows_owners_buildings_mortgages_and_pounds_on_the_london_board():
    from landlord.families.monopoly.board import GROUP_COLOURS, HOTEL_FILL, HOUSE_FILL

    game = later_game()
    svg = board_svg(game)
    root = ET.fromstring(svg)
    spaces = spaces_by_index(root)
    assert sorted(spaces) == list(range(40))
    for index, space in spaces.items():
        assert int(space.get("data-holder")) == game.estates.owner[index]
        assert int(space.get("data-houses")) == game.estates.houses[index]
    # The London names, in pounds, with no dollar anywhere.
    assert title(spaces[MAYFAIR]).startswith("39. Mayfair \u2014 street")
    assert "\u00a3400" in texts(spaces[MAYFAIR])
    assert "$" not in svg
    # The dark blue band; four houses on Park Lane, a hotel on Mayfair; rent now in bold.
    assert GROUP_COLOURS["dark blue"] in fills(spaces[MAYFAIR])
    assert fills(spaces[PARK_LANE]).count(HOUSE_FILL) == 4
    assert fills(spaces[MAYFAIR]).count(HOTEL_FILL) == 1
    assert HOUSE_FILL not in fills(spaces[MAYFAIR])
    assert spaces[MAYFAIR].get("data-hotel") == "1"
    assert spaces[PARK_LANE].get("data-rent") == str(game.estates.rent(PARK_LANE)) == "1300"
    assert "rent \u00a32,000" in texts(spaces[MAYFAIR])
    assert "held by Ann (player 1)" in title(spaces[MAYFAIR])
    assert "a hotel" in title(spaces[MAYFAIR])
    assert "4 houses" in title(spaces[PARK_LANE])
    # The owner's frame in his colour; the unimproved rent of a lot outside a full group.
    assert any(
        rect.get("stroke") == player_colour(0) for rect in spaces[PARK_LANE].iter(f"{SVG}rect")
    )
    assert "rent \u00a32" in texts(spaces[OLD_KENT_ROAD])
    # A mortgaged station: marked, veiled, no rent.
    kings_cross = spaces[KINGS_CROSS]
    assert kings_cross.get("data-mortgaged") == "1"
    assert "mortgaged" in " ".join(texts(kings_cross))
    assert "mortgaged: no rent is due" in title(kings_cross)
    assert spaces[MAYFAIR].get("data-mortgaged") is None
    # Di in the Jail box, Cy just visiting beside it.
    tokens = tokens_by_player(root)
    assert tokens[3].get("data-where") == "jail"
    assert tokens[2].get("data-where") == "track"
    assert tokens[2].get("data-space") == tokens[3].get("data-space") == str(JAIL)
    assert "in Jail" in title(tokens[3])
    assert "just visiting" in title(tokens[2])
    assert token_centre(tokens[2])[0] < token_centre(tokens[3])[0]
    for player in (2, 3):
        assert inside(token_centre(tokens[player]), cell_box(spaces[JAIL]))
    # The centre: the bank's buildings, the money in pounds, who is in Jail.
    centre = groups(root, "centre")[0]
    assert (centre.get("data-bank-houses"), centre.get("data-bank-hotels")) == ("28", "11")
    assert centre.get("data-currency") == "\u00a3"
    words = " ".join(texts(centre))
    assert "The Bank has 28 of 32 houses and 11 of 12 hotels left" in words
    assert f"Round {game.round}" in words
    players = groups(root, "player")
    assert [int(g.get("data-cash")) for g in players] == [game.cash(p) for p in range(4)]
    assert [int(g.get("data-net-worth")) for g in players] == game.net_worths()
    assert f"\u00a3{game.cash(0):,}" in texts(players[0])
    assert "in Jail" in texts(players[3])


def test_the_later_game_on_the_atlantic_city_board_is_in_dollars():
    game = later_game("monopoly_us", players=3)
    root = draw(game, size=500)
    spaces = spaces_by_index(root)
    assert title(spaces[MAYFAIR]).startswith("39. Boardwalk")
    assert "$400" in texts(spaces[MAYFAIR])
    assert "\u00a3" not in board_svg(game)
    assert "Income Tax" in title(spaces[4])
    assert "10%" in title(spaces[4])
    assert min(float(e.get("font-size")) for e in root.iter() if e.get("font-size")) >= 11


def test_the_later_games_layout_is_made_once_and_each_picture_reuses_it():
    game = later_game()
    board_svg(game)
    before = layouts_made()
    for _ in range(20):
        board_svg(game)
    after = layouts_made()
    assert after.keys() == before.keys()
    assert all(after[key][1] is before[key][1] for key in before)


@pytest.mark.parametrize("rules", ["monopoly_us", "monopoly_uk_1972"])
def test_a_whole_seeded_game_of_the_later_rules_draws_at_every_stage(rules):
    session = Session(rules, ["strategy_guide", "random", "strategy_guide", "random"], seed=5)
    game = session.game
    drawn = 0
    while True:
        root = draw(game, size=640)
        spaces = spaces_by_index(root)
        for index in range(40):
            assert int(spaces[index].get("data-holder")) == game.estates.owner[index]
            assert int(spaces[index].get("data-houses")) == game.estates.houses[index]
            assert (spaces[index].get("data-mortgaged") == "1") == game.estates.mortgaged[index]
        tokens = tokens_by_player(root)
        assert sorted(tokens) == [p for p in range(4) if not game.bankrupt[p]]
        for player, token in tokens.items():
            assert int(token.get("data-space")) == game.position[player]
            assert inside(token_centre(token), cell_box(spaces[game.position[player]]))
        centre = groups(root, "centre")[0]
        assert centre.get("data-round") == str(game.round)
        assert centre.get("data-bank-houses") == str(game.estates.bank_houses)
        drawn += 1
        if game.is_over:
            break
        for _ in range(41):
            if game.is_over:
                break
            session.step()
    assert drawn > 5
    words = " ".join(texts(groups(root, "centre")[0]))
    assert "game over" in words
    # Both seeded games end with one player left, the last rival bankrupt to him.
    winner = game.end_reason.removesuffix(" is the last player not bankrupt")
    assert winner != game.end_reason
    assert f"went bankrupt to {winner}" in words
