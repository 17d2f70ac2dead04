"""Words of the teaching layer (narration, reviews, summaries, drills, the score-sheet entry),
registered in the one catalogue: bokmål first, English on request.

Names are written as the players are called at the table; the learner is «Du» / «You», so
every sentence reads with any name in front («Du la ♥8», «Ola la ♥8»).
"""

from __future__ import annotations

from kamplib.i18n import register

register({
    # -- narration: one action ---------------------------------------------------------------
    "teach_led": {"nb": "{player} spilte ut {card}.", "en": "{player} led {card}."},
    "teach_followed": {"nb": "{player} la {card}.", "en": "{player} played {card}."},
    "teach_trumped": {"nb": "{player} hadde ingen {suit} og trumfet med {card}.",
                      "en": "{player} had no {suit} and trumped with {card}."},
    "teach_discarded": {"nb": "{player} hadde ingen {suit} og kastet {card}.",
                        "en": "{player} had no {suit} and discarded {card}."},
    "teach_laid": {"nb": "{player} la {card}.", "en": "{player} laid {card}."},
    "teach_passed": {"nb": "{player} kunne ikke legge noe og sa pass ({points} poeng).",
                     "en": "{player} could not lay a card and passed "
                           "({points} {points:point|points})."},
    "teach_passed_free": {"nb": "{player} valgte å si pass ({points} poeng).",
                          "en": "{player} chose to pass ({points} {points:point|points})."},
    "teach_chose_trump": {"nb": "{player} valgte {suit} som trumf.",
                          "en": "{player} chose {suit} as trump."},
    "teach_went_out": {"nb": "{player} er tom for kort og får 0 poeng for runden.",
                       "en": "{player}: no cards left, 0 points for the round."},
    # -- narration: a finished trick ---------------------------------------------------------
    "teach_took": {"nb": "{player} tok stikket med {card}: {why}. {scored}",
                   "en": "{player} took the trick with {card}: {why}. {scored}"},
    "teach_why_high": {"nb": "det høyeste kortet i {suit}, fargen som ble spilt ut",
                       "en": "the highest card in {suit}, the suit that was led"},
    "teach_why_trump": {"nb": "den høyeste trumfen i stikket",
                        "en": "the highest trump in the trick"},
    "teach_why_alone": {"nb": "det eneste kortet i {suit}, fargen som ble spilt ut",
                        "en": "the only card in {suit}, the suit that was led"},
    "teach_scored": {"nb": "{player} fikk {points} poeng for stikket.",
                     "en": "{player} scored {points} {points:point|points} for it."},
    "teach_scored_nothing": {"nb": "Stikket ga ingen poeng.", "en": "The trick scored nothing."},
    "teach_round_end": {"nb": "Runden er ferdig: {scores}.", "en": "The round is over: {scores}."},
    "teach_score_item": {"nb": "{player} {points}", "en": "{player} {points}"},
    "teach_step_start": {"nb": "Kortene er delt ut. {player} begynner.",
                         "en": "The cards are dealt. {player} starts."},
    "teach_trick_so_far": {"nb": "Stikket så langt: {plays}", "en": "The trick so far: {plays}"},
    # -- the coach -----------------------------------------------------------------------------
    "teach_rating": {"nb": "{move}: {label}. {reason}", "en": "{move}: {label}. {reason}"},
    "teach_cost": {"nb": "{move} kostet deg omtrent {lost} poeng{error} mot {best}.",
                   "en": "{move} cost you about {lost} {lost:point|points}{error} against "
                         "{best}."},
    "teach_cost_best": {"nb": "{move} var det beste trekket her.",
                        "en": "{move} was the best move here."},
    "teach_cost_equal": {"nb": "{move} var omtrent like godt som {best}.",
                         "en": "{move} was about as good as {best}."},
    "teach_cost_all_equal": {"nb": "{move}: alle trekkene endte likt her.",
                             "en": "{move}: every move ended the same here."},
    "teach_review_title": {"nb": "Gjennomgang av trekkene dine i {round}",
                           "en": "Review of your moves in {round}"},
    "teach_review_none": {"nb": "Du gjorde ingen trekk i denne runden.",
                          "en": "You made no moves in this round."},
    "teach_review_clean": {"nb": "Ingen av trekkene dine kostet poeng. Bra spilt!",
                           "en": "None of your moves cost points. Well played!"},
    "teach_review_small": {"nb": "Alle trekkene dine var gode, men ikke alle helt de beste: til "
                                 "sammen kostet de bare omtrent {lost} poeng. Bra spilt!",
                           "en": "All your moves were good, though not all quite the best: "
                                 "between them they cost only about {lost} "
                                 "{lost:point|points}. Well played!"},
    "teach_review_lost": {"nb": "Trekkene under kostet deg omtrent {lost} poeng i alt.",
                          "en": "The moves below cost you about {lost} {lost:point|points} in "
                                "all."},
    "teach_review_relative": {"nb": "Målt mot snittet til de andre:",
                              "en": "Counted against the others' average:"},
    # the good moves' costs, apart: «de gode trekkene dine kostet» read as a contradiction
    "teach_review_rest": {"nb": "De andre trekkene dine var gode, men ikke alle helt de beste: "
                                "til sammen kostet de omtrent {lost} poeng.",
                          "en": "Your other moves were good, though not all quite the best: "
                                "between them they cost about {lost} {lost:point|points}."},
    "teach_review_tactics": {"nb": "Trekkene under er ikke det taktikken anbefaler.",
                             "en": "The moves below are not what the tactics recommend."},
    "teach_review_item": {"nb": "Trekk {number}", "en": "Move {number}"},
    # -- summaries -----------------------------------------------------------------------------
    "teach_round_summary": {"nb": "{round} er ferdig. Du fikk {points} poeng.",
                            "en": "{round} is over. You scored {points} {points:point|points}."},
    "teach_place": {"nb": "Du er på {place}. plass av {count} med {total} poeng.",
                    "en": "You are in place {place} of {count} with {total} {total:point|points}."},
    "teach_place_shared": {"nb": "Du deler {place}. plass av {count} med {total} poeng.",
                           "en": "You share place {place} of {count} with {total} "
                                 "{total:point|points}."},
    "teach_game_won": {"nb": "Spillet er ferdig, og du vant med {total} poeng!",
                       "en": "The game is over, and you won with {total} {total:point|points}!"},
    "teach_game_shared": {"nb": "Spillet er ferdig, og du deler seieren med {others} "
                                "({total} poeng).",
                          "en": "The game is over, and you share the win with {others} "
                                "({total} {total:point|points})."},
    "teach_game_lost": {"nb": "Spillet er ferdig. Vinner: {winners} med {best} poeng. "
                              "Du ble nummer {place} av {count} med {total} poeng.",
                        "en": "The game is over. Winner: {winners} with {best} "
                              "{best:point|points}. "
                              "You came {place} of {count} with {total} {total:point|points}."},
    "teach_next_round_is": {"nb": "Neste runde: {round}. {goal}.",
                            "en": "Next round: {round}. {goal}."},
    # -- files -----------------------------------------------------------------------------------
    "teach_file_game": {"nb": "{game}-runde-{number}-av-{count}-utdeling-{seed}",
                        "en": "{game}-round-{number}-of-{count}-deal-{seed}"},
    "teach_file_done": {"nb": "{game}-ferdig-utdeling-{seed}", "en": "{game}-finished-deal-{seed}"},
    "teach_file_hand": {"nb": "{kind}-utdeling-{seed}", "en": "{kind}-deal-{seed}"},
    "teach_file_sheet": {"nb": "poengark-{game}-{players}", "en": "score-sheet-{game}-{players}"},
    "teach_file_too_big": {"nb": "filen er for stor ({size}; grensen er {limit})",
                           "en": "the file is too big ({size}; the limit is {limit})"},
    "teach_file_broken": {"nb": "Kunne ikke lese {name}: {reason}.",
                          "en": "Could not read {name}: {reason}."},
    "teach_file_kept": {"nb": "Det du hadde, er beholdt.", "en": "What you had is kept."},
    "teach_bad_name": {"nb": "navnet «{name}» har tegn som ikke kan vises",
                       "en": "the name '{name}' has characters that cannot be shown"},
    "teach_not_this_game": {"nb": "filen er et spill av {got}, men her spilles {want}",
                            "en": "the file holds a game of {got}, but this table plays {want}"},
    "teach_nothing_to_undo": {"nb": "Du har ikke gjort noe trekk i denne runden ennå.",
                              "en": "You have not made a move in this round yet."},
    "teach_not_now": {"nb": "Runden er ferdig: trykk «{button}» for å spille videre.",
                      "en": "The round is over: press '{button}' to play on."},
    "teach_round_done": {"nb": "Runden er ferdig, så det er ingen kort å spille nå.",
                         "en": "The round is over, so there is no card to play now."},
    "teach_no_hint": {"nb": "Det er ikke din tur, så det er ingenting å gi tips om.",
                      "en": "It is not your turn, so there is nothing to hint at."},
    "teach_hint": {"nb": "Tips: {move}. {reason}", "en": "Hint: {move}. {reason}"},
    "teach_your_move": {"nb": "Ditt trekk", "en": "Your move"},
    "teach_you_name": {"nb": "Du", "en": "You"},
    # the engine's refusals said to the learner, where «Du»/«You» in the name's place reads wrong
    "teach_you_not_your_turn": {"nb": "Det er {to_move} sin tur, ikke din",
                                "en": "It is {to_move}'s turn, not yours"},
    "teach_you_not_in_hand": {"nb": "Du har ikke {card} på hånden",
                              "en": "You do not hold {card}"},
    "teach_you_no_pass_in_tricks": {"nb": "I en stikkrunde kan ingen passe; du må legge et kort",
                                    "en": "Nobody can pass in a trick round; you must play a "
                                          "card"},
    "teach_you_trump_first": {"nb": "Du er giver og må velge trumf før første kort",
                              "en": "You are the dealer and must choose trump before the first "
                                    "card"},
    "teach_you_seven_first": {"nb": "Kabalen åpnes med hjerter 7; du må legge ♥7 først",
                              "en": "Fan Tan opens with the seven of hearts; you must lay ♥7 "
                                    "first"},
    "teach_next_round_button": {"nb": "Neste runde", "en": "Next round"},
    "teach_nothing_next": {"nb": "Det er ingen ny runde å gå videre til nå.",
                           "en": "There is no next round to move on to now."},
    "teach_bad_seat": {"nb": "Plass {seat} finnes ikke ved et bord med {count} "
                             "{count:spiller|spillere}",
                       "en": "Seat {seat} does not exist at a table of {count} "
                             "{count:player|players}"},
})
