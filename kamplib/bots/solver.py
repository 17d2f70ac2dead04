"""Exact endgames: the rest of a round with every hand known, each player playing for their own
score.

With few cards left the search stops guessing how the players would go on and works it out for
each sampled deal.  Every player, in turn, picks the move that gives them the lowest final score
of the round, knowing that the others will do the same for themselves (the *max-n* rule for more
than two players; a tie goes to the first move in the order tried, lowest card first).  Two
things keep it fast enough: a transposition table (the rest of a round depends only on the cards
left in each hand and who is to lead, so a position reached in two ways is solved once), and
trying only one card of a run (cards of a suit in one hand with no card of another hand or of the
trick between them, worth the same, are the same move).

Trick rounds are solved trick by trick; Fan Tan card by card.  In Fan Tan a player passes only
when nothing can be laid (a voluntary pass never pays inside a solved endgame, and allowing it
would let the line go on for ever), and whoever goes out scores 0 with their passes forgiven.
"""

from __future__ import annotations

from kamplib.cards import SUIT_MASKS, SUITS, Card
from kamplib.fantan import FanTanRound, rows_from
from kamplib.kinds import CLUBS, kind_of
from kamplib.round import Round
from kamplib.tricks import TrickRound, card_strength

__all__ = ["solve", "Solver", "cards_left"]

_BITS = {c.bit: c for c in Card.ALL}


def cards_left(rnd: Round) -> int:
    """Cards still in the hands: what the endgame threshold is measured in."""
    return sum(h.bit_count() for h in rnd.hands)


class Solver:
    """Solves positions of one round (one kind, rules, trump and deck); the table of solved
    positions is kept between calls, so the candidates of one decision and the deals sampled for
    it share what was worked out."""

    def __init__(self, rnd: Round) -> None:
        self.n = rnd.n
        self.kind = kind_of(rnd.kind)
        self.rules = rnd.rules
        # what is already solved: trick rounds by (hands, leader, owner), Fan Tan by (hands, seat)
        self.trick_table: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}
        self.fantan_table: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], int]] = {}
        self.nodes = 0
        in_play = 0
        for h in rnd.deal:
            in_play |= h
        self.in_play = in_play
        if isinstance(rnd, TrickRound):
            self._setup_tricks(rnd)
        else:
            assert isinstance(rnd, FanTanRound)  # the one other family
            self._setup_fantan(rnd)

    # -- trick rounds ----------------------------------------------------------------------------
    def _setup_tricks(self, rnd: TrickRound) -> None:
        kind = self.kind
        ace_low = rnd.ace_low
        trump = SUITS.index(rnd.trump) if rnd.trump else -1
        self.trump = trump
        values = kind.card_values(self.rules)
        self.value = {c.bit: values[c.index] for c in Card.ALL}
        self.trick_value = kind.trick_value
        # strength[led][bit]: how strongly a card stands in a trick led in suit ``led``
        self.strength = [{c.bit: card_strength(c, led, trump, ace_low) for c in Card.ALL}
                         for led in range(4)]
        self.lead_strength = {c.bit: card_strength(c, c.suit_index, trump, ace_low)
                              for c in Card.ALL}
        # per suit, the card bits from weakest to strongest
        self.order = [sorted((c.bit for c in Card.ALL if c.suit_index == si),
                             key=self.strength[si].__getitem__) for si in range(4)]
        self.all_clubs = 0
        if kind.has_take_all_rule(rnd.rules):
            # whoever takes every club scores 0: the solver tracks who has taken all so far
            self.all_clubs = kind.points_of(CLUBS & self.in_play, self.rules)

    def _reps(self, legal: int, others: int) -> list[int]:
        """One card of each run in ``legal``: weakest first."""
        reps = []
        value = self.value
        for si in range(4):
            if not legal & SUIT_MASKS[si]:
                continue
            last = None  # value of the open run, None after a break
            for bit in self.order[si]:
                if legal & bit:
                    v = value[bit]
                    if last is None or last != v:
                        reps.append(bit)
                    last = v
                elif others & bit:
                    last = None
        return reps

    def _tricks(self, hands: tuple[int, ...], leader: int, owner: int) -> tuple[int, ...]:
        """Future points per seat from the start of a trick (``owner``: the seat that has taken
        every club so far, -1 when they are split, -2 before any was taken)."""
        key = (hands, leader, owner)
        got = self.trick_table.get(key)
        if got is not None:
            return got
        if not hands[leader]:
            n = self.n
            res = [0] * n
            if owner >= 0 and self.all_clubs:
                res[owner] = -self.all_clubs
            got = tuple(res)
        else:
            got = self._play(hands, leader, leader, 0, -1, -1, -1, owner)
        self.trick_table[key] = got
        return got

    def _play(self, hands: tuple[int, ...], leader: int, seat: int, trick: int, led: int,
              win_seat: int, win_key: int, owner: int) -> tuple[int, ...]:
        self.nodes += 1
        hand = hands[seat]
        legal = hand & SUIT_MASKS[led] if led >= 0 else 0
        if not legal:
            legal = hand
        others = trick
        for s, h in enumerate(hands):
            if s != seat:
                others |= h
        n = self.n
        nxt = seat + 1 if seat + 1 < n else 0
        best: tuple[int, ...] | None = None
        for bit in self._reps(legal, others):
            new = list(hands)
            new[seat] = hand ^ bit
            child = tuple(new)
            if led < 0:
                c_led = _BITS[bit].suit_index
                c_seat, c_key = seat, self.lead_strength[bit]
            else:
                c_led = led
                key = self.strength[led][bit]
                c_seat, c_key = (seat, key) if key > win_key else (win_seat, win_key)
            c_trick = trick | bit
            if nxt == leader:  # the trick is complete
                points = self.trick_value
                value = self.value
                rest = c_trick
                while rest:
                    low = rest & -rest
                    points += value[low]
                    rest ^= low
                c_owner = owner
                if self.all_clubs and c_trick & CLUBS:
                    c_owner = c_seat if owner in (-2, c_seat) else -1
                sub = self._tricks(child, c_seat, c_owner)
                if points:
                    res = list(sub)
                    res[c_seat] += points
                    result = tuple(res)
                else:
                    result = sub
            else:
                result = self._play(child, leader, nxt, c_trick, c_led, c_seat, c_key, owner)
            if best is None or result[seat] < best[seat]:
                best = result
        assert best is not None
        return best

    def _solve_tricks(self, rnd: TrickRound) -> list[int]:
        plays = rnd.trick
        trick = 0
        led = win_seat = win_key = -1
        for seat, card in plays:
            trick |= card.bit
            if led < 0:
                led, win_seat, win_key = card.suit_index, seat, self.lead_strength[card.bit]
            else:
                key = self.strength[led][card.bit]
                if key > win_key:
                    win_seat, win_key = seat, key
        owner = -2
        if self.all_clubs:
            takers = [s for s in range(self.n) if rnd.taken[s] & CLUBS]
            owner = takers[0] if len(takers) == 1 else (-1 if takers else -2)
        hands = tuple(rnd.hands)
        if plays:
            future = self._play(hands, rnd.leader, rnd.to_move, trick, led, win_seat, win_key,
                                owner)
        else:
            future = self._tricks(hands, rnd.to_move, owner)
        kind, rules = self.kind, self.rules
        tv = self.trick_value
        return [(rnd.tricks_won[s] * tv + kind.points_of(rnd.taken[s], rules) + future[s])
                * rnd.multiplier for s in range(self.n)]

    # -- Fan Tan ---------------------------------------------------------------------------------
    def _setup_fantan(self, rnd: FanTanRound) -> None:
        layout = rnd.rules.fantan_layout
        self.opens = {c.bit: sum(row[0].bit for row in rows_from(c, layout) if row)
                      for c in Card.ALL}

    def _fantan(self, hands: tuple[int, ...], seat: int, playable: int
                ) -> tuple[tuple[int, ...], int]:
        """(per seat: 0 for whoever goes out, else future passes + cards left; who goes out)."""
        key = (hands, seat)
        got = self.fantan_table.get(key)
        if got is not None:
            return got
        self.nodes += 1
        n = self.n
        nxt = seat + 1 if seat + 1 < n else 0
        hand = hands[seat]
        layable = hand & playable
        if not layable:
            vec, out = self._fantan(hands, nxt, playable)
            if out != seat:
                res = list(vec)
                res[seat] += 1
                vec = tuple(res)
            got = (vec, out)
        else:
            best: tuple[tuple[int, ...], int] | None = None
            rest = layable
            while rest:
                bit = rest & -rest
                rest ^= bit
                left = hand ^ bit
                if not left:  # out: nothing is better than 0
                    res = [h.bit_count() for h in hands]
                    res[seat] = 0
                    best = (tuple(res), seat)
                    break
                new = list(hands)
                new[seat] = left
                result = self._fantan(tuple(new), nxt, (playable & ~bit) | self.opens[bit])
                if best is None or result[0][seat] < best[0][seat]:
                    best = result
            assert best is not None  # a card was layable
            got = best
        self.fantan_table[key] = got
        return got

    def _solve_fantan(self, rnd: FanTanRound) -> list[int]:
        if rnd.opening:  # the first card is forced (♥7): lay it, then solve
            rnd = rnd.copy()
            rnd.play(rnd.legal_moves()[0])
            if rnd.to_move < 0:
                return rnd.score_list()
        vec, out = self._fantan(tuple(rnd.hands), rnd.to_move, rnd.playable & self.in_play)
        return [0 if s == out else (vec[s] + rnd.passes[s]) * rnd.multiplier
                for s in range(self.n)]

    # -- both ------------------------------------------------------------------------------------
    def solve(self, rnd: Round) -> list[int]:
        """Every seat's final score of the round from this position, with best play by all."""
        if rnd.to_move < 0:
            return rnd.score_list()
        if isinstance(rnd, TrickRound):
            if rnd.needs_trump:
                raise ValueError("the dealer has not named trump yet")
            return self._solve_tricks(rnd)
        return self._solve_fantan(rnd)  # type: ignore[arg-type]


def solve(rnd: Round) -> list[int]:
    """Every seat's final score with all hands known and best play by everyone (max-n)."""
    return Solver(rnd).solve(rnd)
