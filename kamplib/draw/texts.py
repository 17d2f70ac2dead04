"""Words the drawings show, registered in the one catalogue (bokmål first, English on request)."""

from __future__ import annotations

from kamplib.i18n import register

register({
    "draw_back": {"nb": "kort med baksiden opp", "en": "face-down card"},
    "draw_hidden_hand": {"nb": "{player}: {count} skjulte kort",
                         "en": "{player}: {count} hidden cards"},
    "draw_legal": {"nb": "kan spilles", "en": "can be played"},
    "draw_illegal": {"nb": "kan ikke spilles nå", "en": "cannot be played now"},
    "draw_hand_of": {"nb": "Hånden til {player}", "en": "{player}'s hand"},
    "draw_trick": {"nb": "Stikket på bordet", "en": "The trick on the table"},
    "draw_trick_empty": {"nb": "Bordet er tomt", "en": "The table is empty"},
    "draw_last_trick": {"nb": "Forrige stikk", "en": "The previous trick"},
    "draw_winning": {"nb": "vinner stikket nå", "en": "winning the trick now"},
    "draw_took": {"nb": "tok stikket", "en": "took the trick"},
    "draw_led": {"nb": "spilte ut", "en": "led"},
    "draw_trump": {"nb": "{suit} er trumf", "en": "{suit} are trump"},
    "draw_no_trump": {"nb": "Ingen trumf", "en": "No trump"},
    "draw_trump_pending": {"nb": "Giveren velger trumf", "en": "The dealer chooses trump"},
    "draw_round_title": {"nb": "Runde {number}: {kind}", "en": "Round {number}: {kind}"},
    "draw_round_alone": {"nb": "{kind}", "en": "{kind}"},
    "draw_dealer": {"nb": "Giver: {player}", "en": "Dealer: {player}"},
    "draw_to_move": {"nb": "{player} sin tur", "en": "{player} to move"},
    "draw_round_over": {"nb": "Runden er ferdig", "en": "The round is over"},
    "draw_passes": {"nb": "Pass", "en": "Passes"},
    "draw_cards_left": {"nb": "Kort igjen", "en": "Cards left"},
    "draw_went_out": {"nb": "gikk ut", "en": "went out"},
    "draw_winner": {"nb": "vinner", "en": "winner"},
    "draw_in_progress": {"nb": "pågår", "en": "in progress"},
    "draw_running": {"nb": "sum så langt {total}", "en": "running total {total}"},
    "draw_fantan_table": {"nb": "Kabalen på bordet", "en": "The Fan Tan table"},
    "draw_fantan_layout_sevens": {"nb": "én rad per farge, bygget ut fra sjueren",
                                  "en": "one row per suit, built out from the seven"},
    "draw_fantan_layout_piles": {"nb": "to bunker per farge: seksere ned, sjuere opp",
                                 "en": "two piles per suit: sixes down, sevens up"},
    "draw_pile_down": {"nb": "6 ned til ess", "en": "6 down to ace"},
    "draw_pile_up": {"nb": "7 opp til konge", "en": "7 up to king"},
    "draw_pile_empty": {"nb": "tom", "en": "empty"},
    "draw_slot_open": {"nb": "{card} kan legges her", "en": "{card} can be laid here"},
    "draw_slot_empty": {"nb": "{card} er ikke lagt", "en": "{card} is not laid"},
    "draw_empty_cell": {"nb": "ikke fylt inn", "en": "not filled in"},
    "draw_total_unknown": {"nb": "Summen regnes ut når alle tallene i kolonnen er tall",
                           "en": "The total is worked out once every entry in the column is a "
                                 "number"},
    "draw_total_after_problems": {"nb": "Summen kommer når feilene på arket er rettet",
                                  "en": "The total comes once the errors on the sheet are "
                                        "put right"},
    "draw_overview": {"nb": "Rundene i spillet", "en": "The rounds of the game"},
    "draw_double": {"nb": "teller dobbelt", "en": "scores double"},
    # the learner's table
    "draw_cards_count": {"nb": "{player}: {count} kort", "en": "{player}: {count} "
                                                               "{count:card|cards}"},
    "draw_cards_passes": {"nb": "{player}: {count} kort, {passes} pass",
                          "en": "{player}: {count} {count:card|cards}, {passes} "
                                "{passes:pass|passes}"},
    "draw_trick_done": {"nb": "Stikket er ferdig", "en": "The trick is done"},
    "draw_log_title": {"nb": "Det siste som skjedde", "en": "What just happened"},
    "draw_your_move": {"nb": "Trekket ditt", "en": "Your move"},
    "draw_review_move": {"nb": "Trekk {number}", "en": "Move {number}"},
    "draw_sheet_so_far": {"nb": "Poengarket så langt", "en": "The score sheet so far"},
    "draw_round_scores": {"nb": "Poeng i runden", "en": "Points in the round"},
    "draw_review_heading": {"nb": "Trekkene dine", "en": "Your moves"},
})
