"""One game of Property, as Sid Sackson's text (seed 000) reads, top to bottom.

Setup: each player's chips (his starting money) from the box; the purchase
units shared out; the 40 cards shuffled; each player draws until his hand
holds a red and a black card (every card drawn is a chance event, purpose
``deck``).

A turn: play a red and a black card from the hand; they name a cell.

* an empty cell: the player claims it (his initials in it);
* a rival's cell: he pays rent, the size of the rival's group times $1, $2
  or $4 by the suits played; if he holds enough purchase units (one a cell of
  the group) he may then buy the cell, the units going to the rival, the
  mortgage (if any) staying with it; a rent greater than his money takes all
  of it, and he is bankrupt;
* his own cell: mortgaged (an asterisk, no money), or, if it was already,
  lost (the cell is emptied).

Then he draws until he holds a red and a black card again; an empty stock
is made anew from the played cards (when even the played cards run out, he draws again at
his next turn: the kit's reading). The first bankruptcy ends the game (or
the second or third, by option, a bankrupt player's cells vacated): the most
money wins, property not counted unless the players agreed to count it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from landlord.engine.actions import DECLINE, Action, BuyCell, Decline, PlayCards
from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE, Captured, Flow, GameState, seat_count
from landlord.engine.winners import richest_win
from landlord.families.sackson import FAMILY
from landlord.families.sackson.cards import Cards, suit_of
from landlord.families.sackson.grid import NOBODY, Cells
from landlord.families.sackson.units import Units
from landlord.rules.loader import RulesError
from landlord.rules.model import RuleSet
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.sackson.view import View

__all__ = ["PropertyGame"]


class PropertyGame(GameState):
    """One game of Property, from the deal to the bankruptcy that ends it.

    Parameters
    ----------
    rules : RuleSet
        ``load_rules("property")``.
    names : sequence of str
        The players, in turn order (the cut decides who plays first).

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> game = PropertyGame(load_rules("property"), ["Ann", "Bob"])
    >>> game.pending.purpose, [game.cash(p) for p in range(2)], game.units.held
    ('cut', [150, 150], [15, 15])
    """

    family = FAMILY

    def __init__(self, rules: RuleSet, names: Sequence[str]) -> None:
        n = seat_count(rules, names)
        super().__init__(names, rules.accounts.piles)
        self.rules = rules
        self.currency = rules.info.currency
        self.cells = Cells(rules, n, self.ledger.balances)
        side = self.cells.columns
        wild_from = required(rules.play_deck).wild_from
        if self.cells.rows != side or wild_from != side + 1:
            file = rules.files[0] if rules.files else rules.id
            raise RulesError(
                f"{file}: field 'play_deck.wild_from': expected {side + 1} (the cards 1 to "
                f"{side} name the {side} columns and rows of a square grid), got "
                f"{wild_from} for a {self.cells.columns} x {self.cells.rows} grid"
            )
        self.cards = Cards(rules, n, side)
        self.units = Units(rules, n)
        #: The cell each player last played on (-1: none yet); the board marks it.
        self.position = [-1] * n
        self.bankrupt = [False] * n
        self.passed_over = self.bankrupt
        #: (round, player, creditor) for each bankruptcy.
        self.bankruptcies: list[tuple[int, int, int]] = []
        self.winners: tuple[int, ...] = ()
        self.round_limit = rules.end.round_limit
        self._end = required(rules.bankruptcy_end)
        #: What happened on each play: (round, player, cell, what), ``what`` one of
        #: "claim", "rent", "mortgage", "lose".
        self.plays_made: list[tuple[int, int, int, str]] = []
        self.last_play: PlayCards | None = None
        box = self.pile_account[required(rules.chips).dealt_from]
        for player in range(n):
            self.ledger.transfer(box, player, rules.starting_cash[n], Reason.STARTING_CASH)
        self.start()

    # --- the game --------------------------------------------------------------------

    def _set_up(self) -> Flow:
        # The cut: the high card plays first (one chance event, each seat as likely:
        # a tie is cut again), then play goes round the seats ('to the left').
        self.first_player = cast(int, (yield (CHANCE, "cut", tuple(range(self.n_players)), None)))
        for k in range(self.n_players):
            yield from self.cards.draw((self.first_player + k) % self.n_players)

    def _turn(self, player: int) -> Flow:
        plays = self.legal_plays(player)
        if not plays and self.cards.lacks_a_colour(player):
            # His last draw found neither stock nor discards (the kit's reading: he draws
            # again at his turn, once others' plays have made discards, before he plays).
            yield from self.cards.draw(player)
            plays = self.legal_plays(player)
        if not plays:
            return  # a hand without both colours still (the kit's reading: he passes)
        choice = (
            plays[0] if len(plays) == 1 else cast(PlayCards, (yield (player, "play", plays, None)))
        )
        #: The latest play (a :class:`PlayCards`), asked or the only one the hand allowed.
        self.last_play = choice
        self.cards.play(player, (choice.red, choice.black))
        self.position[player] = choice.space
        yield from self._on_cell(player, choice)
        if not self.bankrupt[player]:
            yield from self.cards.draw(player)

    if TYPE_CHECKING:  # pragma: no cover - what a checker reads of GameState.observe here

        def observe(self, player: int) -> View: ...

    def legal_plays(self, player: int) -> list[PlayCards]:
        """The plays the player's hand allows (one per cell and pair of suits)."""
        return self.cards.plays(player, self.cells.cell)

    def _on_cell(self, player: int, choice: PlayCards) -> Flow:
        cells = self.cells
        cell = choice.space
        owner = cells.owner[cell]
        if owner == NOBODY:
            cells.owner[cell] = player
            self.plays_made.append((self.round, player, cell, "claim"))
        elif owner == player:
            if cells.mortgaged[cell]:
                cells.vacate(cell)
                self.plays_made.append((self.round, player, cell, "lose"))
            else:
                cells.mortgaged[cell] = True
                self.plays_made.append((self.round, player, cell, "mortgage"))
        else:
            self.plays_made.append((self.round, player, cell, "rent"))
            yield from self._rent(player, owner, choice)

    def _rent(self, player: int, owner: int, choice: PlayCards) -> Flow:
        """Pay the rent; more than he has, all his money and he is bankrupt; else he may
        buy the cell with purchase units."""
        cells = self.cells
        cell = choice.space
        rent = cells.rent(cell, suit_of(choice.red), suit_of(choice.black))
        cash = self.ledger.balances[player]
        if rent > cash:
            self._go_bankrupt(player, owner)
            return
        self.ledger.transfer(player, owner, rent, Reason.LAND_RENT)
        price = cells.price(cell)
        if self.units.held[player] < price:
            return
        answer = yield (player, "buy", (BuyCell(cell, price), DECLINE), cell)
        if type(answer) is Decline:
            return
        self.units.pay(player, owner, price, cell, self.round)
        cells.owner[cell] = player  # the mortgage, if any, stays with the cell

    def _go_bankrupt(self, player: int, creditor: int) -> None:
        """All his money to his creditor; he is out (his cards discarded, his units gone)."""
        cash = self.ledger.balances[player]
        if cash > 0:
            self.ledger.transfer(player, creditor, cash, Reason.BANKRUPTCY)
        self.bankrupt[player] = True
        self.bankruptcies.append((self.round, player, creditor))
        self.cards.give_up(player)
        self.units.retire(player)
        self.check_after_turn = True

    def _after_turn(self, player: int) -> bool:
        active = self.active_players()
        if len(self.bankruptcies) >= self._end.bankruptcies or len(active) <= 1:
            count = len(self.bankruptcies)
            which = "first" if count == 1 else {2: "second", 3: "third"}.get(count, f"{count}th")
            self._crown(f"the {which} bankruptcy ends the game")
            return True
        if self._end.vacate_cells:  # the longer game: his cells are vacated
            owner = self.cells.owner
            for cell, holder in enumerate(owner):
                if holder >= 0 and self.bankrupt[holder]:
                    self.cells.vacate(cell)
        self.check_after_turn = False
        return False

    def _end_at(self, round_: int, capped: bool) -> None:
        if capped:
            self._crown(f"the engine's cap of {round_} rounds was reached")
        else:
            self._crown(f"the kit's round limit ({round_}) was reached")

    def _crown(self, reason: str) -> None:
        """The game is over: the highest score among the players not bankrupt wins."""
        counted = "money and cells" if self._end.cells_count else "money"
        self.winners, self.end_reason = richest_win(
            self.names,
            self.scores(),
            self.active_players(),
            reason,
            one=f"has the most {counted}",
            many=f"have the most {counted}",
        )

    # --- what the players have --------------------------------------------------------

    def active_players(self) -> list[int]:
        """The players not bankrupt, in seat order."""
        return [p for p in range(self.n_players) if not self.bankrupt[p]]

    def scores(self) -> list[int]:
        """Each player's score now: his money (and $5 a cell if cells count)."""
        return [row[5] for row in self.holdings_table()]

    def capture(self) -> Captured:
        return self.cells.capture(self.units.held, self.bankrupt)

    def holdings_table(self, captured: Captured | None = None) -> list[tuple[int, ...]]:
        return self.cells.holdings_table(captured if captured is not None else self.capture())

    def net_worths(self, captured: Captured | None = None) -> list[int]:
        return [row[-1] for row in self.holdings_table(captured)]

    def buildings_worth(self) -> list[int]:
        return [0] * self.n_players  # nothing is built in Property

    # --- words -----------------------------------------------------------------------

    def space_names(self) -> list[str]:
        """Each cell's name: "column 3, row 5"."""
        return list(self.cells.names)

    def describe(self, action: Action) -> str:
        """An action in words, with the cells' names and the players'."""
        return action.describe(self.cells.names, self.names, self.currency)
