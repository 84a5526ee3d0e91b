"""How to play, in the play app's words: the page's instructions, folded under a button.

Plain HTML: the play app (:class:`landlord.widgets.PlayApp`) shows it under **How to play**,
and the notebook keeps only a line.
"""

from __future__ import annotations

__all__ = ["HOW_TO_PLAY"]

#: How to play, folded away under its button (the notebook keeps only a line).
HOW_TO_PLAY = """
<p>Choose the <b>rules</b> and who sits in each <b>seat</b>, then press <b>New game</b>.
A seat marked <i>a person</i> is played with the buttons beside the board: each button is
a move the rules allow just then, and the words above them say why you are asked and
what follows. When the question is about a place (which way to move, a lot to buy, a cell
of Property's grid), its places are ringed in blue on the board: click one to answer.</p>
<p>With <b>Play for me when there is nothing to decide</b> ticked (as it starts), the dice
are thrown for a person who could only throw or open talks, and the bots play on by
themselves until a person is asked something (<b>Pause</b> stops them; untick the box to
open talks before a throw). Without it, bots play when you press <b>Next turn</b> or
<b>Next round</b>, or on their own with <b>Play</b>; <b>Pace a turn</b> sets how fast.</p>
<p>Some questions come again and again: the deal's cards, the vote, a throw beside a house
you chose not to build, which way to move. A button in <i>italics</i> answers such a question
now and for the rest of the game: <i>throw now and from now on, unless something new is
offered</i> asks you again only when something you did not pass over is offered, or you
hold half as much money again as when you did; <i>let the cautious tenant bot choose my
way</i> moves you where it pays least. Your answers show under the buttons, each with
<b>ask me again</b> to take it back.</p>
<p>Under those buttons, <b>Where the land rent went</b> shows after every move how much land
rent has gone to players who hold land and how much to the Public Treasury, and who is the
poorest player now. Under the charts, <b>What if we kept playing?</b> lets bots play this
game on to round 100, many times, under these rules and (in Magie's games) under the single
tax, and draws how it went: it takes a few seconds, and works after the game is over too.</p>
<p><i>The Landlord's Game, with the single-tax vote</i> lets a player <i>call a vote for
the single tax</i> on his turn: two votes carry it, as in Magie's 1906 booklet. The plain
<i>Landlord's Game</i> keeps its rules to the end, so that it can be compared fairly with
the single tax. <i>Monarch of the World</i> is Magie's 1906 demonstration: the first player
is given all the land. <i>Prosperity</i> is the kit's reconstruction: only the first page of
Magie's 1932 rule sheet has been read, so the kit adds the win test reported for it to her
1906 single-tax rules.</p>
<p>The menu also has the later game that grew out of Magie's, <i>Monopoly</i>'s classic US
and 1972 UK rules (a trademark of Hasbro; the kit plays these historical rules for
comparison and is independent of Hasbro).</p>
<p>Two more property games are in the menu. <i>Property</i> is Sid Sackson's card game from
<i>A Gamut of Games</i> (1969): a red and a black card name a cell of an 8 x 8 grid, which
is claimed, or pays rent to a rival who holds it. <i>Quikopoly</i> is a short game for a
piecepack: twenty tiles round a square, the property tiles laid face down and turned up when
bought, one die, and the last player left wins.</p>
<p><b>Big board</b> draws the board as wide as the page, with the controls under it: on a
projector the back row can read it (scroll to the part you talk about).
<b>Save the game</b> downloads the game so far; <b>Go on with a saved game</b> loads it again,
and play goes on exactly as it would have. The link under the seats opens this app with
the same setup: a teacher can hand it to a class.</p>
"""
