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
        "nb": "Datamaskinen trenger en spillers utsikt (round.view(spiller)), ikke {value}",
        "en": "The computer needs a player's view (round.view(player)), not {value}",
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
})
