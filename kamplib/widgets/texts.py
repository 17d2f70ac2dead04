"""Words the widgets show, registered in the one catalogue (bokmål first, English on request)."""

from __future__ import annotations

from kamplib.i18n import register

register({
    # common
    "w_error": {"nb": "Noe gikk galt: {detail}", "en": "Something went wrong: {detail}"},
    "w_your_turn": {"nb": "Din tur", "en": "Your turn"},
    "w_you_are": {"nb": "Du er {player}", "en": "You are {player}"},
    "w_waiting": {"nb": "Venter på {player}", "en": "Waiting for {player}"},
    "w_round_over": {"nb": "Runden er ferdig. Du fikk {points} poeng.",
                     "en": "The round is over. You scored {points} {points:point|points}."},
    "w_passes": {"nb": "{count} pass", "en": "{count} {count:pass|passes}"},
    # the stars a finished round or game earned (kamplib.teach.progress)
    "w_par_result": {
        "nb": "Par for denne utdelingen er {par} poeng: det en sterk spiller fikk med kortene "
              "dine. Du fikk {points}. Tre stjerner får du med høyst {par} poeng, to med "
              "høyst {two}.",  # «høyst −2», never «−2 eller færre» (the walk)
        "en": "Par for this deal is {par} {par:point|points}: what a strong player got with "
              "your cards. You got {points}. You get three stars with at most {par} "
              "{par:point|points}, two with at most {two}."},
    "w_game_stars_3": {"nb": "Du vant spillet.", "en": "You won the game."},
    "w_game_stars_2": {"nb": "Du endte i den beste halvdelen.",
                       "en": "You finished in the better half."},
    "w_game_stars_1": {"nb": "Du fullførte spillet.", "en": "You finished the game."},
    # PlayHand / PlayGame buttons
    "w_hint": {"nb": "Tips", "en": "Hint"},
    "w_undo": {"nb": "Angre", "en": "Undo"},
    "w_new_deal": {"nb": "Ny utdeling", "en": "New deal"},
    "w_new_game": {"nb": "Nytt spill", "en": "New game"},
    "w_confirm_new": {"nb": "Spillet er i gang. Vil du avbryte det og dele ut på nytt?",
                      "en": "A game is in progress. Do you want to stop it and deal again?"},
    "w_confirm_yes": {"nb": "Ja, del ut på nytt", "en": "Yes, deal again"},
    "w_confirm_new_game": {"nb": "Spillet er i gang. Vil du avbryte det og begynne et nytt spill?",
                           "en": "A game is in progress. Do you want to stop it and start a new "
                                 "game?"},
    "w_confirm_yes_game": {"nb": "Ja, nytt spill", "en": "Yes, new game"},
    "w_confirm_no": {"nb": "Nei, spill videre", "en": "No, play on"},
    "w_confirm_open": {"nb": "Spillet er i gang. Vil du avbryte det og åpne {name}?",
                       "en": "A game is in progress. Do you want to stop it and open {name}?"},
    "w_confirm_open_sheet": {
        "nb": "Å åpne {name} erstatter det du har skrevet i poengarket. Vil du åpne filen?",
        "en": "Opening {name} replaces what you have typed on the score sheet. Do you want to "
              "open it?"},
    "w_confirm_yes_open": {"nb": "Ja, åpne filen", "en": "Yes, open the file"},
    "w_restored": {"nb": "Runden din er hentet tilbake, akkurat der du slapp.",
                   "en": "Your round is back, exactly where you left off."},
    "w_sheet_restored": {"nb": "Poengarket ditt er hentet tilbake med det du hadde skrevet.",
                         "en": "Your score sheet is back with what you had typed."},
    # the names in the page's address, when the sheet cannot or does not use them
    "w_sheet_names_refused": {
        "nb": "Navnene i adressen kunne ikke brukes: {reason}. Arket bruker derfor {players}. "
              "Skriv inn deres egne navn under «{settings}».",
        "en": "The names in the address could not be used: {reason}. So the sheet uses "
              "{players}. Type in your own names under '{settings}'."},
    "w_sheet_names_refused_kept": {
        "nb": "Navnene i adressen kunne ikke brukes: {reason}.",
        "en": "The names in the address could not be used: {reason}."},
    "w_sheet_table": {"nb": "{game} for {players}", "en": "{game} for {players}"},
    "w_sheet_restored_other": {
        "nb": "Poengarket ditt er hentet tilbake med det du hadde skrevet: {kept}. Adressen har "
              "et annet bord: {named}.",
        "en": "Your score sheet is back with what you had typed: {kept}. The address has "
              "another table: {named}."},
    "w_sheet_ask_named": {
        "nb": "Vil du heller starte et nytt, tomt ark, {named}? Det du har skrevet, blir da "
              "borte (lagre det først hvis du vil ta vare på det).",
        "en": "Would you rather start a new, empty sheet, {named}? What you typed is then "
              "gone (save it first if you want to keep it)."},
    "w_sheet_yes_named": {"nb": "Ja, et nytt ark", "en": "Yes, a new sheet"},
    "w_sheet_new_named": {"nb": "Et nytt ark: {named}.", "en": "A new sheet: {named}."},
    "w_sheet_nothing_yet": {"nb": "Ingen poeng er skrevet inn ennå.",
                            "en": "No scores are typed in yet."},
    # a step is a trick, or one Fan Tan turn (kamplib.teach.walk): words that fit both
    "w_walk_round": {"nb": "Gå gjennom runden steg for steg",
                     "en": "Go through the round step by step"},
    "w_replay": {"nb": "Samme utdeling på nytt", "en": "Same deal again"},
    "w_seed": {"nb": "Utdeling nr.", "en": "Deal no."},
    "w_seed_hint": {"nb": "Skriv et nummer og trykk Enter: samme nummer gir samme kort.",
                    "en": "Type a number and press Enter: the same number gives the same cards."},
    "w_pass": {"nb": "Pass", "en": "Pass"},
    "w_pass_label": {"nb": "Pass (står over)", "en": "Pass (skip your turn)"},
    "w_choose_trump": {"nb": "Du gir: velg trumf", "en": "You deal: choose trump"},
    "w_save": {"nb": "Lagre spillet som fil", "en": "Save the game as a file"},
    "w_download": {"nb": "Last ned {name}", "en": "Download {name}"},
    "w_download_again": {"nb": "Fikk du ikke filen? Last ned {name}",
                         "en": "Did the file not come? Download {name}"},
    "w_load": {"nb": "Åpne fil", "en": "Open file"},
    "w_loaded": {"nb": "Lastet inn {name}.", "en": "Loaded {name}."},
    "w_undone": {"nb": "Angret: {card}.", "en": "Undone: {card}."},
    "w_coach_thinking": {"nb": "Treneren ser på trekket ditt ({card}) …",
                         "en": "The coach is looking at your move ({card}) …"},
    "w_mistakes_kept": {
        "nb": "Treneren fant {count} {count:dårlig trekk|dårlige trekk} i runden. "
              "{count:Stillingen kommer igjen som oppgave|Stillingene kommer igjen som "
              "oppgaver} under «Dine egne feil» på siden «Finn det beste kortet».",
        "en": "The coach found {count} {count:bad move|bad moves} in the round. "
              "{count:The position comes back as a puzzle|The positions come back as "
              "puzzles} under 'Your own mistakes' on the page 'Find the best card'."},
    "w_score_so_far": {"nb": "Poeng så langt", "en": "Score so far"},
    "w_level": {"nb": "Motstandere: {level}", "en": "Opponents: {level}"},
    # Walkthrough
    "w_back": {"nb": "◀ Tilbake", "en": "◀ Back"},
    "w_forward": {"nb": "Fram ▶", "en": "Forward ▶"},
    "w_start": {"nb": "◀◀ Start", "en": "◀◀ Start"},
    "w_end": {"nb": "Slutt ▶▶", "en": "End ▶▶"},
    "w_step": {"nb": "Steg {step} av {steps}", "en": "Step {step} of {steps}"},
    # Score sheet widget
    "w_add_row": {"nb": "Legg til rad", "en": "Add row"},
    "w_remove_row": {"nb": "Fjern siste rad", "en": "Remove last row"},
    "w_export": {"nb": "Lagre arket (CSV)", "en": "Save the sheet (CSV)"},
    "w_open_csv": {"nb": "Åpne et lagret ark", "en": "Open a saved sheet"},
    "w_sheet_settings": {"nb": "Spill, spillere og husregler",
                         "en": "Game, players and house rules"},
    "w_example_yes": {"nb": "Ja, bruk eksempelet", "en": "Yes, use the example"},
    "w_example_no": {"nb": "Nei, behold det jeg skrev", "en": "No, keep what I typed"},
    "w_example": {"nb": "Eksempelet (Kari, Ola, Siri, Per)", "en": "The example (Kari, Ola, "
                                                                 "Siri, Per)"},
    "w_sheet_ok": {"nb": "Arket ser riktig ut.", "en": "The sheet looks right."},
    "w_yes": {"nb": "ja", "en": "yes"},
    "w_no": {"nb": "nei", "en": "no"},
    # Drills
    "w_next": {"nb": "Neste oppgave", "en": "Next question"},
})
