"""Every sentence a bot or a hint says, registered in the one i18n catalogue."""

from __future__ import annotations

from kamplib.i18n import register

register({
    # --- set-up errors ------------------------------------------------------------------
    "bot_unknown_level": {
        "nb": "Ukjent nivå «{value}» for datamaskinen; velg blant {allowed} "
              "(lett, middels, vanskelig)",
        "en": "Unknown computer level '{value}'; choose from {allowed} (easy, medium, hard)",
    },
    "bot_bad_option": {
        "nb": "Nivået {level} kjenner ikke innstillingen «{option}» (tillatt: {allowed})",
        "en": "The level {level} has no setting '{option}' (allowed: {allowed})",
    },
    "bot_bad_value": {
        "nb": "Innstillingen {option} kan ikke være {value}; den må være {expected}",
        "en": "The setting {option} cannot be {value}; it must be {expected}",
    },
    "bot_needs_view": {
        "nb": "Datamaskinen trenger en spillers utsikt (make_view(runde, spiller)), ikke {value}",
        "en": "The computer needs a player's view (make_view(round, player)), not {value}",
    },
    "bot_not_to_move": {
        "nb": "Det er ikke {player} sin tur, så datamaskinen har ingen trekk å velge",
        "en": "It is not {player}'s turn, so the computer has no move to choose",
    },
    # --- any round ----------------------------------------------------------------------
    "why_random": {
        "nb": "Valgt på måfå blant de lovlige trekkene",
        "en": "Picked at random among the legal moves",
    },
    "why_only_move": {
        "nb": "Bare {card} er lov her",
        "en": "Only {card} is allowed here",
    },
    "why_choose_trump": {
        "nb": "Velg {suit} som trumf: den lengste og sterkeste fargen din ({count} kort)",
        "en": "Choose {suit} as trump: your longest and strongest suit ({count} "
              "{count:card|cards})",
    },
    # --- Pass, Kløver, Damer, Finale -----------------------------------------------------
    "why_duck": {
        "nb": "Noen andre tar allerede stikket ({winner} ligger øverst): kvitt deg med {card}, "
              "det høyeste kortet ditt som går under",
        "en": "Someone else is already taking the trick ({winner} is on top): get rid of {card}, "
              "your highest card that stays below it",
    },
    "why_dump_points": {
        "nb": "Noen andre tar allerede stikket med {winner}: slipp {card} nå, så havner poengene "
              "hos en annen",
        "en": "Someone else is already taking the trick with {winner}: drop {card} now so the "
              "points land with someone else",
    },
    "why_take_last": {
        "nb": "Du tar stikket uansett: bruk {card} nå og spar de lave kortene til slutten",
        "en": "You take this trick anyway: use {card} now and keep your low cards for the end",
    },
    "why_take_low": {
        "nb": "Alle kortene dine i {suit} ligger over {winner}: legg det laveste, {card}, så kan "
              "noen som kommer etter gå over",
        "en": "All your {suit} are above {winner}: play the lowest, {card}, so a later player "
              "may go over it",
    },
    "why_take_high": {
        "nb": "Ingen kan gå over deg i {suit}: ta stikket med {card} og spar de lave kortene",
        "en": "Nobody can go over you in {suit}: take the trick with {card} and keep the low "
              "cards",
    },
    "why_void_club": {
        "nb": "Du er renons i {suit}: kast kløver {card} nå",
        "en": "You are void in {suit}: throw the club {card} now",
    },
    "why_void_queen": {
        "nb": "Du er renons i {suit}: gi bort damen {card} nå",
        "en": "You are void in {suit}: give away the queen {card} now",
    },
    "why_void_high": {
        "nb": "Du er renons i {suit}: kvitt deg med {card}, et høyt kort som ellers kan gi deg "
              "stikk senere",
        "en": "You are void in {suit}: get rid of {card}, a high card that could win you a "
              "trick later",
    },
    "why_lead_low": {
        "nb": "Spill ut {card}: {higher} høyere kort i {suit} er fortsatt ute, så noen andre "
              "tar nok stikket",
        "en": "Lead {card}: {higher} higher {higher:card|cards} in {suit} {higher:is|are} still "
              "out, "
              "so someone else will likely take the trick",
    },
    "why_lead_forced": {
        "nb": "Alt du kan spille ut tar nok stikket: bruk {card}, et høyt kort som ikke gir "
              "ekstra poeng",
        "en": "Whatever you lead will likely win: use {card}, a high card that adds no extra "
              "points",
    },
    # --- Grand and Trumf ----------------------------------------------------------------
    "why_lead_master": {
        "nb": "Spill ut {card}: ingen av de andre har et høyere kort i {suit}",
        "en": "Lead {card}: none of the others holds a higher card in {suit}",
    },
    "why_lead_trump": {
        "nb": "Trekk trumf med {card}: du har flere trumf enn det som er ute, så de andre "
              "kan ikke stjele stikkene dine",
        "en": "Draw trumps with {card}: you hold more trumps than are still out, so the others "
              "cannot steal your tricks",
    },
    "why_lead_long": {
        "nb": "Spill ut {card} fra den lange fargen din: når de andre går tomme for {suit}, "
              "blir de små kortene dine stikk",
        "en": "Lead {card} from your long suit: once the others run out of {suit}, your small "
              "cards win tricks",
    },
    "why_win_cheap": {
        "nb": "Du legger sist: ta stikket så billig som mulig, med {card}",
        "en": "You play last: take the trick as cheaply as you can, with {card}",
    },
    "why_win_master": {
        "nb": "Ingen av de andre har et høyere kort i {suit} enn {card}: ta stikket med det",
        "en": "None of the others holds a higher card in {suit} than {card}: take the trick "
              "with it",
    },
    "why_save_high": {
        "nb": "Stikket er ikke sikkert ennå: legg {card} og spar de høye kortene til senere",
        "en": "The trick is not safe yet: play {card} and save your high cards for later",
    },
    "why_cant_win": {
        "nb": "{winner} kan du ikke slå: legg det laveste kortet ditt, {card}",
        "en": "You cannot beat {winner}: play your lowest card, {card}",
    },
    "why_trump_in": {
        "nb": "Du er renons i {suit}: stikk med trumf {card}",
        "en": "You are void in {suit}: take the trick with the trump {card}",
    },
    "why_discard_short": {
        "nb": "Du er renons i {suit}: kast {card} fra en kort farge og behold ess og lange "
              "farger",
        "en": "You are void in {suit}: discard {card} from a short suit and keep aces and long "
              "suits",
    },
    # --- Fan Tan ----------------------------------------------------------------------------
    "why_ft_pass": {
        "nb": "Du har ingen kort som passer inn: pass (det koster 1 poeng)",
        "en": "No card of yours fits: pass (it costs 1 point)",
    },
    "why_ft_run": {
        "nb": "Legg {card}: du har selv {count} kort lenger ut i den rekka",
        "en": "Lay {card}: you hold {count} more cards further along that row",
    },
    "why_ft_hold": {
        "nb": "Legg {card} og hold igjen {held}: det kortet ville åpnet veien for de andre",
        "en": "Lay {card} and hold back {held}: that card would open the way for the others",
    },
    "why_ft_safe": {
        "nb": "Legg {card}: det åpner ikke noe nytt for de andre",
        "en": "Lay {card}: it opens nothing new for the others",
    },
    "why_ft_least_gift": {
        "nb": "Alt du kan legge åpner for de andre; {card} gir dem minst",
        "en": "Everything you can lay opens a way for the others; {card} gives them least",
    },
    # --- facts: what any move does, its own card the subject (ratings, search picks) ------
    "fact_trump": {
        "nb": "Med {suit} som trumf har du {count} kort i trumffargen",
        "en": "With {suit} as trump you hold {count} trumps",
    },
    "fact_must_pass": {
        "nb": "Du kan ikke legge noe, så du må si pass",
        "en": "You cannot lay anything, so you must pass",
    },
    "fact_lead_low": {
        "nb": "{card} spilles ut mens {higher} høyere kort i {suit} er ute, så noen andre tar "
              "nok stikket",
        "en": "{card} is led while {higher} higher {higher:card|cards} in {suit} {higher:is|are} "
              "out, so someone else will likely take the trick",
    },
    "fact_lead_wins": {
        "nb": "Ingen høyere kort i {suit} er ute, så {card} tar nok stikket",
        "en": "No higher {suit} are out, so {card} will likely win the trick",
    },
    "fact_lead_master": {
        "nb": "Ingen av de andre har et høyere kort i {suit} enn {card}",
        "en": "None of the others holds a higher card in {suit} than {card}",
    },
    "fact_lead": {
        "nb": "{card} spilles ut mens {higher} høyere kort i {suit} fortsatt er ute",
        "en": "{card} is led while {higher} higher {higher:card|cards} in {suit} {higher:is|are} "
              "still out",
    },
    "fact_take": {
        "nb": "{card} tar stikket slik det ligger nå",
        "en": "{card} wins the trick as it stands",
    },
    "fact_take_master": {
        "nb": "{card} tar stikket slik det ligger nå, og ingen av de andre har et høyere kort "
              "i {suit}",
        "en": "{card} wins the trick as it stands, and none of the others holds a higher card "
              "in {suit}",
    },
    "fact_trump_in": {
        "nb": "Du er renons i {suit}, og {card} stikker med trumf",
        "en": "You are void in {suit}, and {card} takes the trick with a trump",
    },
    "fact_under": {
        "nb": "{card} går under {winner}, så noen andre tar stikket slik det ligger nå",
        "en": "{card} stays below {winner}, so someone else takes the trick as it stands",
    },
    "fact_under_points": {
        "nb": "{card} går under {winner}, så poengene havner hos en annen slik det ligger nå",
        "en": "{card} stays below {winner}, so the points go to someone else as it stands",
    },
    "fact_discard": {
        "nb": "Du er renons i {suit} og kaster {card}",
        "en": "You are void in {suit} and discard {card}",
    },
    "fact_give_points": {
        "nb": "Du er renons i {suit} og gir bort {card} til den som tar stikket",
        "en": "You are void in {suit} and give {card} away to whoever takes the trick",
    },
    "fact_ft_run": {
        "nb": "{card} gjør vei for {count} kort du selv har lenger ut i rekka",
        "en": "{card} makes way for {count} {count:card|cards} of your own further along the row",
    },
    "fact_ft_safe": {
        "nb": "{card} åpner ingen ny plass for de andre",
        "en": "{card} opens no new place for the others",
    },
    "fact_ft_gift": {
        "nb": "{card} åpner en ny plass i rekka for de andre",
        "en": "{card} opens a new place in the row for the others",
    },
    "fact_ft_pass_choice": {
        "nb": "Et pass koster 1 poeng, men holder kortene dine tilbake",
        "en": "A pass costs 1 point but keeps your cards back",
    },
    # --- the coach's judgement of a move --------------------------------------------------
    "coach_best": {
        "nb": "Det er det beste trekket her: i snitt {expected} poeng{error}",
        "en": "It is the best move here: {expected} {expected:point|points} on average{error}",
    },
    "coach_best_anyway": {
        "nb": "Likevel er det det beste trekket her: i snitt {expected} poeng{error}",
        "en": "Even so, it is the best move here: {expected} {expected:point|points} on "
              "average{error}",
    },
    "coach_near_best": {
        "nb": "Det er omtrent like godt som det beste trekket: i snitt {expected} poeng{error} "
              "mot {best_expected}",
        "en": "It is about as good as the best move: {expected} {expected:point|points} on "
              "average{error} "
              "against {best_expected}",
    },
    "coach_near_best_anyway": {
        "nb": "Likevel er det omtrent like godt som det beste trekket: i snitt {expected} "
              "poeng{error} mot {best_expected}",
        "en": "Even so, it is about as good as the best move: {expected} {expected:point|points} "
              "on "
              "average{error} against {best_expected}",
    },
    "coach_costs_anyway": {
        "nb": "Likevel koster det poeng her",
        "en": "Even so, it costs points here",
    },
    "coach_loss": {
        "nb": "{move}: i snitt {expected} poeng{error}; {best} hadde gitt {best_expected} — du "
              "tapte omtrent {loss}",
        "en": "{move}: {expected} {expected:point|points} on average{error}; {best} would have "
              "given "
              "{best_expected} — you lost about {loss}",
    },
    "coach_error": {"nb": " (±\u00a0{error})", "en": " (±\u00a0{error})"},  # never broken
    "coach_relative": {
        "nb": "Tallene er dine poeng minus snittet til de andre, og jo lavere, jo bedre: i "
              "denne runden er summen av alles poeng ikke fast",
        "en": "The numbers are your points minus the others' average, and the lower the better: "
              "in this round everyone's points do not add up to a fixed total",
    },
    "coach_exact": {
        "nb": "Med så få kort igjen er hver gjetning på de skjulte kortene regnet helt ut",
        "en": "With so few cards left, every guess at the hidden cards is worked out exactly",
    },
    "coach_tactic_good": {
        "nb": "Det er det taktikken anbefaler her",
        "en": "It is what the tactics recommend here",
    },
    "coach_tactic_good_anyway": {
        "nb": "Likevel er det det taktikken anbefaler her",
        "en": "Even so, it is what the tactics recommend here",
    },
    "coach_tactic_other": {
        "nb": "Taktikken anbefaler {best} her",
        "en": "The tactics recommend {best} here",
    },
    "coach_tactic_other_anyway": {
        "nb": "Likevel anbefaler taktikken {best} her",
        "en": "Even so, the tactics recommend {best} here",
    },
    "why_search": {
        "nb": "Regnet ut ved å spille runden ferdig {samples} {samples:gang|ganger} med ulike "
              "gjetninger på "
              "kortene du ikke ser: {found}.",
        "en": "Worked out by playing the round to the end {samples} {samples:time|times} with "
              "different guesses "
              "at the cards you cannot see: {found}.",
    },
    "why_search_own": {"nb": "dette trekket gir deg i snitt {expected} poeng",
                       "en": "this move gives you {expected} {expected:point|points} on average"},
    "why_search_more": {"nb": "med dette trekket får du i snitt {points} poeng mer enn snittet "
                              "til de andre",
                        "en": "with this move you get, on average, {points} {points:point|points} "
                              "more than "
                              "the others' average"},
    "why_search_fewer": {"nb": "med dette trekket får du i snitt {points} poeng færre enn "
                               "snittet til de andre",
                         "en": "with this move you get, on average, {points} "
                               "{points:point|points} fewer than "
                               "the others' average"},
})

