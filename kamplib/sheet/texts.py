"""Everything the score sheet and its checker say, in bokmål and English."""

from __future__ import annotations

from kamplib.i18n import register

register({
    "sheet_where": {"nb": "Rad {number} ({kind})", "en": "Row {number} ({kind})"},
    "sheet_extra_round": {"nb": "Ekstra {kind}", "en": "Extra {kind}"},
    "sheet_doubled": {"nb": " (siste runde teller dobbelt)",
                      "en": " (the last round counts double)"},
    "word_and": {"nb": " og ", "en": " and "},
    # -- the verdict ---------------------------------------------------------------------
    "sheet_winner": {"nb": "Vinner: {names} med {total} poeng",
                     "en": "Winner: {names} with {total} {total:point|points}"},
    "sheet_winners": {"nb": "Delt seier: {names} med {total} poeng hver",
                      "en": "Shared win: {names} with {total} {total:point|points} each"},
    "sheet_state_rematch": {
        "nb": "Likt på topp: {names} har {total} poeng hver og avgjør det med et nytt spill",
        "en": "A tie for the lead: {names} have {total} {total:point|points} each and settle it "
              "with a new "
              "game",
    },
    "sheet_state_tie_break": {
        "nb": "Likt på topp mellom {names}: alle spiller en ekstra {kind}",
        "en": "A tie for the lead between {names}: everybody plays an extra {kind}",
    },
    "sheet_state_unfinished": {
        "nb": "Ingen vinner ennå: {done} av {count} {count:runde|runder} er ført",
        "en": "No winner yet: {done} of {count} {count:round|rounds} are written down",
    },
    "sheet_state_problems": {
        "nb": "Poengarket har {count} feil; summen og vinneren kommer når de er rettet",
        "en": "The score sheet has {count} {count:problem|problems}; totals and the winner "
              "come once {count:it is|they are} fixed",
    },
    # -- cells -----------------------------------------------------------------------------
    "sheet_missing": {"nb": "{player} mangler poeng", "en": "{player} has no score yet"},
    "sheet_not_number": {
        "nb": "«{value}» for {player} er ikke et helt tall",
        "en": "'{value}' for {player} is not a whole number",
    },
    "sheet_number_too_big": {
        "nb": "«{value}» for {player} er altfor stort til å være poeng",
        "en": "'{value}' for {player} is far too big to be a score",
    },
    "sheet_not_even": {
        "nb": "{player} har {value}, men når runden teller dobbelt, blir alle poeng partall",
        "en": "{player} has {value}, but when the round counts double every score is even",
    },
    "sheet_tricks_range": {
        "nb": "{player} har {value}, men det finnes bare {tricks} stikk å ta{double}",
        "en": "{player} has {value}, but there are only {tricks} {tricks:trick|tricks} to "
              "take{double}",
    },
    "sheet_grand_positive": {
        "nb": "{player} har {value}, men her gir hvert stikk minus ett poeng, så tallet kan ikke "
              "være over 0 (har du glemt minustegnet?)",
        "en": "{player} has {value}, but every trick here is minus one point, so the score "
              "cannot be above 0 (a forgotten minus sign?)",
    },
    "sheet_grand_positive_many": {
        "nb": "{player} har {value}, men her gir hvert stikk minus {per_trick} poeng, så tallet "
              "kan ikke være over 0 (har du glemt minustegnet?)",
        "en": "{player} has {value}, but every trick here is minus {per_trick} "
              "{per_trick:point|points}, so the score cannot be above 0 (a forgotten minus sign?)",
    },
    "sheet_cell_range": {
        "nb": "{player} har {value}, men i {kind} får én spiller fra {low} til {high} "
              "poeng{double}",
        "en": "{player} has {value}, but in {kind} one player scores from {low} to "
              "{high}{double}",
    },
    "sheet_cell_step": {
        "nb": "{player} har {value}, men i {kind} går poengene i steg på {step} ({low}, {step} "
              "… {high}){double}",
        "en": "{player} has {value}, but {kind} scores go in steps of {step} ({low}, {step} … "
              "{high}){double}",
    },
    "sheet_unreachable_klover": {
        "nb": "{player} har {value}, men den som tar alle {count} kløverne, får 0 etter "
              "husreglene, så {value} kan ingen få{double}",
        "en": "{player} has {value}, but by the house rules whoever takes all {count} "
              "{count:club|clubs} "
              "scores 0, so nobody can score {value}{double}",
    },
    "sheet_unreachable": {
        "nb": "{player} har {value}, men ingen kan få akkurat det i {kind}{double}",
        "en": "{player} has {value}, but nobody can score exactly that in {kind}{double}",
    },
    "sheet_fantan_negative": {
        "nb": "{player} har {value}, men i Fan Tan kan ingen få under 0",
        "en": "{player} has {value}, but nobody scores below 0 in Fan Tan",
    },
    # -- rows ------------------------------------------------------------------------------
    "sheet_kind_order": {
        "nb": "Etter spillets rekkefølge skal denne raden være {expected}, ikke {value}",
        "en": "By the game's order this row should be {expected}, not {value}",
    },
    "sheet_too_many_rows": {
        "nb": "Spillet har bare {count} {count:runde|runder}; denne raden er én for mye",
        "en": "The game has only {count} {count:round|rounds}; this row is one too many",
    },
    "sheet_after_end": {
        "nb": "Spillet var avgjort etter rad {number}; en ekstra grand spilles bare så lenge "
              "det står likt på topp",
        "en": "The game was settled after row {number}; an extra Grand is played only while "
              "the lead is tied",
    },
    "sheet_sum_tricks": {
        "nb": "Raden summerer til {total}, men med {n} {n:spiller|spillere} er det {tricks} "
              "stikk, så summen "
              "skal være {expected}{double}",
        "en": "The row adds up to {total}, but {n} {n:player|players} share {tricks} "
              "{tricks:trick|tricks}, so it should "
              "be {expected}{double}",
    },
    "sheet_sum_klover": {
        "nb": "Raden summerer til {total}, men alle de {count} kløverne havner hos noen, så "
              "summen skal være {expected}{double}",
        "en": "The row adds up to {total}, but all {count} {count:club|clubs} end up with "
              "someone, so it "
              "should be {expected}{double}",
    },
    "sheet_sum_damer": {
        "nb": "Raden summerer til {total}, men de {count} damene gir {step} poeng hver, så "
              "summen skal være {expected}{double}",
        "en": "The row adds up to {total}, but the {count} {count:queen|queens} give {step} "
              "{step:point|points} each, so "
              "it should be {expected}{double}",
    },
    "sheet_sum_finale": {
        "nb": "Raden summerer til {total}, men alle poengene i finalen havner hos noen, så summen "
              "skal være {expected}{double}",
        "en": "The row adds up to {total}, but every Finale point ends up with someone, so it "
              "should be {expected}{double}",
    },
    "sheet_sum": {
        "nb": "Raden summerer til {total}, men i {kind} skal summen være {expected}{double}",
        "en": "The row adds up to {total}, but in {kind} it should be {expected}{double}",
    },
    "sheet_row_impossible": {
        "nb": "Hvert tall kan stemme for seg, men ingen fordeling av stikk og kort gir akkurat "
              "denne raden{double}",
        "en": "Each number could be right on its own, but no share of the tricks and cards "
              "gives exactly this row{double}",
    },
    "sheet_fantan_no_zero": {
        "nb": "Ingen har 0, men den som først blir kvitt kortene sine får alltid 0",
        "en": "Nobody has 0, but whoever first gets rid of their cards always scores 0",
    },
    "sheet_fantan_zeros": {
        "nb": "{count} {count:spiller|spillere} har 0, men bare én kan gå ut; alle andre har kort "
              "igjen og får "
              "minst 1",
        "en": "{count} {count:player|players} have 0, but only one can go out; everyone else has "
              "cards left "
              "and scores at least 1",
    },
    # -- the sum line ----------------------------------------------------------------------
    "sheet_total_wrong": {
        "nb": "Summen for {player} står som {value}, men rundene gir til sammen {expected}",
        "en": "The total for {player} is written as {value}, but the rounds add up to {expected}",
    },
    "sheet_total_not_number": {
        "nb": "Summen for {player} («{value}») er ikke et helt tall",
        "en": "The total for {player} ('{value}') is not a whole number",
    },
    # -- a sheet that cannot be read or changed --------------------------------------------
    "sheet_row_length": {
        "nb": "Raden har {count} poeng, men det er {expected} {expected:spiller|spillere}",
        "en": "The row has {count} {count:score|scores} but there are {expected} "
              "{expected:player|players}",
    },
    "sheet_row_scores": {
        "nb": "En rad skrives som en liste med ett tall per spiller, eller spiller: tall, "
              "ikke {value}",
        "en": "A row is written as a list of one score per player, or player: score, not "
              "{value}",
    },
    "sheet_no_row": {
        "nb": "Det finnes ingen rad {number} (arket har {count})",
        "en": "There is no row {number} (the sheet has {count})",
    },
    "sheet_too_many_rows_total": {
        "nb": "Poengarket har for mange rader; det holder høyst {limit}",
        "en": "The score sheet has too many rows; it holds at most {limit}",
    },
    "sheet_too_big": {
        "nb": "Filen er for stor; et poengark er på høyst {limit}",
        "en": "The file is too big; a score sheet is at most {limit}",
    },
    "sheet_source": {
        "nb": "Et poengark leses fra tekst eller byte, ikke fra {value}",
        "en": "A score sheet is read from text or bytes, not from {value}",
    },
    "sheet_line_long": {
        "nb": "Linje {line} har {length} tegn; en linje i et poengark har høyst {limit}",
        "en": "Line {line} has {length} {length:character|characters}; a score sheet line has at "
              "most {limit}",
    },
    "sheet_csv": {
        "nb": "Linje {line} kan ikke leses (et anførselstegn som ikke er lukket?)",
        "en": "Line {line} cannot be read (a quote that is never closed?)",
    },
    "sheet_empty": {"nb": "Poengarket er tomt", "en": "The score sheet is empty"},
    "sheet_not_text": {
        "nb": "Filen er ikke tekst, så den er ikke et poengark (et ark lagres som CSV: tekst med "
              "én linje per runde)",
        "en": "The file is not text, so it is not a score sheet (a sheet is saved as CSV: text "
              "with one line per round)",
    },
    "sheet_header": {
        "nb": "Første linje skal være Runde,Kari,Ola,… (ordet Runde og spillernavnene), ikke "
              "«{value}»",
        "en": "The first line should be Round,Kari,Ola,… (the word Round and the player "
              "names), not '{value}'",
    },
    "sheet_line_length": {
        "nb": "Linje {line} har {count} poeng, men det er {expected} {expected:spiller|spillere}",
        "en": "Line {line} has {count} {count:score|scores} but there are {expected} "
              "{expected:player|players}",
    },
    "sheet_no_round_label": {
        "nb": "Linje {line} har ingen runde i første kolonne",
        "en": "Line {line} names no round in its first column",
    },
    "sheet_unknown_round": {
        "nb": "Linje {line}: «{value}» er ingen runde; bruk {kinds} ({aliases} går også) eller "
              "{total}",
        "en": "Line {line}: '{value}' is not a round; use {kinds} ({aliases} work too) or "
              "{total}",
    },
})
