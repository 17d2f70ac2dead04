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
        "en": "Choose {suit} as trump: your longest and strongest suit ({count} cards)",
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
        "en": "Lead {card}: {higher} higher card(s) in {suit} are still out, so someone else will "
              "likely take the trick",
    },
    "why_lead_forced": {
        "nb": "Alt du kan spille ut tar nok stikket: bruk {card}, et høyt kort som ikke gir "
              "ekstra poeng",
        "en": "Whatever you lead will likely win: use {card}, a high card that adds no extra "
              "points",
    },
    # --- Grand and Trumf ----------------------------------------------------------------
    "why_lead_master": {
        "nb": "Spill ut {card}: det er det høyeste kortet igjen i {suit}, så stikket blir ditt",
        "en": "Lead {card}: it is the highest card left in {suit}, so the trick is yours",
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
        "nb": "{card} er det høyeste som er igjen i {suit}: ta stikket",
        "en": "{card} is the highest card left in {suit}: take the trick",
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
    "why_ft_pass_choice": {
        "nb": "Pass med vilje: det koster 1 poeng, men kortene dine holder rekkene stengt for "
              "de andre",
        "en": "Pass on purpose: it costs 1 point, but your cards keep the rows closed to the "
              "others",
    },
    # --- describing any move (search picks, rated learner moves) -------------------------
    "what_trump": {
        "nb": "{suit} som trumf: du har {count} kort i den fargen",
        "en": "{suit} as trump: you hold {count} cards of that suit",
    },
    "what_lead": {
        "nb": "Spill ut {card}: {higher} høyere kort i {suit} er fortsatt ute",
        "en": "Lead {card}: {higher} higher card(s) in {suit} are still out",
    },
    "what_lead_wins": {
        "nb": "Spill ut {card}: ingen høyere kort i {suit} er ute, så stikket blir nok ditt",
        "en": "Lead {card}: no higher {suit} are out, so the trick will likely be yours",
    },
    "what_take": {
        "nb": "{card} tar stikket slik det ligger nå",
        "en": "{card} wins the trick as it stands",
    },
    "what_under": {
        "nb": "{card} går under {winner}: noen andre tar stikket slik det ligger nå",
        "en": "{card} stays below {winner}: someone else takes the trick as it stands",
    },
    "what_discard": {
        "nb": "Du er renons i {suit}: kast {card}",
        "en": "You are void in {suit}: discard {card}",
    },
    "what_ft_gift": {
        "nb": "Legg {card}: det åpner en ny plass i rekka for de andre",
        "en": "Lay {card}: it opens a new place in the row for the others",
    },
    "why_search": {
        "nb": "Regnet ut ved å spille runden ferdig {samples} ganger med ulike gjetninger på "
              "kortene du ikke ser: dette trekket gir deg i snitt {expected} poeng.",
        "en": "Worked out by playing the round to the end {samples} times with different guesses "
              "at the cards you cannot see: this move gives you {expected} points on average.",
    },
})

