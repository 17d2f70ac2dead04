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
        "nb": "Du har ingen kort som passer inn: pass (det koster {points} poeng)",
        "en": "No card of yours fits: pass (it costs {points} {points:point|points})",
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
        "nb": "Et pass koster {points} poeng, men holder kortene dine tilbake",
        "en": "A pass costs {points} {points:point|points} but keeps your cards back",
    },
    # --- the coach's reasons: what tells a move from the recommended one on the table -------
    # (kamplib.bots.contrast; each phrase has the move's own card as its subject)
    "c_and": {"nb": "{first} og {last}", "en": "{first} and {last}"},
    "c_versus": {"nb": "{mine}, mens {best}", "en": "{mine}, while {best}"},
    "c_both": {"nb": "{both}, men {kept}", "en": "{both}, but {kept}"},
    # a second sentence: the first may have a «men» of its own («tar stikket slik det ligger
    # nå, men 1 høyere kort er ute»), and two in one sentence read as a muddle
    "c_but": {"nb": "{first}. Men {then}", "en": "{first}. But {then}"},
    "c_yet": {
        "nb": "{first}. Likevel kommer {best} bedre ut når treneren spiller runden ferdig mange "
              "ganger",
        "en": "{first}. Even so, {best} comes out better when the coach plays the round out many "
              "times",
    },
    "c_between": {
        "nb": "{count} kort i {suit} som fortsatt er ute, ligger mellom {low} og {high}: med "
              "{count:det|ett av dem} kan en som spiller etter deg, gå over {low}, men ikke {high}",
        "en": "{count} {count:card|cards} in {suit} still out {count:lies|lie} between {low} and "
              "{high}: with {count:it|one of them} a player after you could beat {low} but not "
              "{high}",
    },
    "c_later": {
        "nb": "Slik bordet ligger nå, gjør {move} det samme som {best}; forskjellen viser seg "
              "først senere i runden",
        "en": "As the table lies now, {move} does the same as {best}; the difference only shows "
              "later in the round",
    },
    # two Fan Tan cards that each open a place: the table cannot tell them apart, but it is not
    # «the same»: who holds the opened cards decides
    "c_ft_who": {
        "nb": "{first}. Hvem som har de kortene, avgjør forskjellen: {best} kommer bedre ut når "
              "treneren spiller runden ferdig mange ganger",
        "en": "{first}. Who holds those cards decides it: {best} comes out better when the coach "
              "plays the round out many times",
    },
    "c_also": {
        "nb": "{reason}. Det samme gjelder {others}. Forskjellen fra {other}: {diff}",
        "en": "{reason}. The same goes for {others}. The difference from {other}: {diff}",
    },
    "c_also_later": {
        "nb": "{reason}. Det samme gjelder {others}: også forskjellen mellom dem viser seg først "
              "senere i runden",
        "en": "{reason}. The same goes for {others}: the difference between them, too, only "
              "shows later in the round",
    },
    "c_labelled": {"nb": "{move} ({label})", "en": "{move} ({label})"},
    "c_same": {
        "nb": "{move} er samme trekk som {best} her: kortene mellom dem er hos deg eller allerede "
              "spilt",
        "en": "{move} is the same move as {best} here: the cards between them are yours or "
              "already played",
    },
    "c_lead_sure": {
        "nb": "{card} tar stikket: ingen høyere kort i {suit} er ute",
        "en": "{card} takes the trick: no higher {suit} are out",
    },
    "c_lead_likely": {
        "nb": "{card} har gode sjanser til å ta stikket: ingen høyere kort i {suit} er ute, men "
              "noen kan stikke med trumf",
        "en": "{card} will likely take the trick: no higher {suit} are out, but someone may "
              "trump it",
    },
    "c_lead_under": {
        "nb": "{card} spilles ut med {higher} høyere kort i {suit} ute, så noen andre tar nok "
              "stikket",
        "en": "{card} is led with {higher} higher {higher:card|cards} in {suit} out, so someone "
              "else will likely take the trick",
    },
    # where tricks are wanted (Grand, Trumf) a trick that goes to another is lost: «noen andre
    # tar nok stikket» read there as if that were the card's merit (the walk, W23)
    "c_lead_lost": {
        "nb": "{card} spilles ut med {higher} høyere kort i {suit} ute, så du mister nok "
              "stikket",
        "en": "{card} is led with {higher} higher {higher:card|cards} in {suit} out, so you "
              "will likely lose the trick",
    },
    "c_discard": {
        "nb": "du er renons i {suit}, og {card} har ingen mulighet til å ta stikket",
        "en": "you are void in {suit}, and {card} cannot take the trick",
    },
    "c_discard_points": {
        "nb": "du er renons i {suit} og gir bort {card} ({points} poeng) til den som tar "
              "stikket",
        "en": "you are void in {suit} and give {card} ({points} {points:point|points}) to "
              "whoever takes the trick",
    },
    # two discards side by side say the void once: «du er renons i spar: ♦J …, mens ♣Q …»
    "c_void_both": {"nb": "du er renons i {suit}: {rest}", "en": "you are void in {suit}: {rest}"},
    "c_discard_bare": {
        "nb": "{card} har ingen mulighet til å ta stikket",
        "en": "{card} cannot take the trick",
    },
    "c_discard_points_bare": {
        "nb": "{card} gir bort {points} poeng til den som tar stikket",
        "en": "{card} gives {points} {points:point|points} away to whoever takes the trick",
    },
    "c_under": {"nb": "{card} går under {winner}", "en": "{card} stays below {winner}"},
    "c_take_sure": {
        "nb": "{card} tar stikket, og ingen etter deg kan gå over",
        "en": "{card} takes the trick, and nobody after you can beat it",
    },
    "c_trump_sure": {
        "nb": "{card} stikker med trumf, og ingen etter deg kan gå over",
        "en": "{card} trumps the trick, and nobody after you can beat it",
    },
    "c_take_now": {
        "nb": "{card} tar stikket slik det ligger nå, med {higher} høyere kort i {suit} "
              "fortsatt ute",
        "en": "{card} takes the trick as it lies now, with {higher} higher "
              "{higher:card|cards} in {suit} still out",
    },
    "c_take_now_trump": {
        "nb": "{card} tar stikket slik det ligger nå, selv om noen etter deg kan stikke med "
              "trumf",
        "en": "{card} takes the trick as it lies now, though someone after you may trump it",
    },
    "c_take_sure_points": {
        "nb": "{card} tar stikket og {points} poeng med det, og ingen etter deg kan gå over",
        "en": "{card} takes the trick and {points} {points:point|points} with it, and nobody "
              "after you can beat it",
    },
    "c_take_now_points": {
        "nb": "{card} tar stikket slik det ligger nå, og {points} poeng med det",
        "en": "{card} takes the trick as it lies now, and {points} {points:point|points} "
              "with it",
    },
    "c_void_dump": {
        "nb": "{card} spilles ut i {suit}, som {player} ikke har flere av: der kan poeng havne "
              "i stikket",
        "en": "{card} is led in {suit}, which {player} has run out of: points may land in that "
              "trick",
    },
    "c_void_trump": {
        "nb": "{card} spilles ut i {suit}, som {player} ikke har flere av og kan stikke med trumf",
        "en": "{card} is led in {suit}, which {player} has run out of and may trump",
    },
    "c_void": {
        "nb": "{card} spilles ut i {suit}, som {player} ikke har flere av",
        "en": "{card} is led in {suit}, which {player} has run out of",
    },
    "c_no_void": {
        "nb": "{card} spilles ut i {suit}, og ingen av de andre har vist at de er tomme for "
              "{suit}",
        "en": "{card} is led in {suit}, and none of the others has shown they are out of {suit}",
    },
    "c_higher": {
        "nb": "{card} har {higher} høyere kort i {suit} over seg hos de andre",
        "en": "{card} has {higher} higher {higher:card|cards} in {suit} above it with the "
              "others",
    },
    "c_lower": {
        "nb": "{card} har {lower} lavere kort i {suit} under seg hos de andre, og dem kan de "
              "legge under det",
        "en": "{card} has {lower} lower {lower:card|cards} in {suit} below it with the others, "
              "and they can play those under it",
    },
    "c_lower_none": {
        "nb": "ingen lavere kort i {suit} er ute, så alle som følger farge, går over {card}",
        "en": "no lower {suit} are out, so everyone who follows suit goes over {card}",
    },
    "c_higher_none": {
        "nb": "ingen høyere kort i {suit} er ute, så ingen kan gå over {card}",
        "en": "no higher {suit} are out, so nobody can go over {card}",
    },
    "c_lead_trump": {
        "nb": "{card} trekker trumf, og {trumps} trumf er fortsatt ute",
        "en": "{card} draws trumps, and {trumps} {trumps:trump is|trumps are} still out",
    },
    # no «mens» of its own: it stands in a «…, mens …» (the walk: «… mens 8 trumf er ute, mens …»)
    "c_lead_side": {
        "nb": "{card} spilles ut i en annen farge enn trumf, med {trumps} trumf fortsatt ute",
        "en": "{card} is led in a suit other than trumps, with {trumps} "
              "{trumps:trump|trumps} still out",
    },
    "c_length": {
        "nb": "{card} kommer fra {suit}, der du har {count} kort",
        "en": "{card} comes from {suit}, where you hold {count} {count:card|cards}",
    },
    "c_also_under": {"nb": "{card} går også under {winner}", "en": "{card} also stays below "
                                                                         "{winner}"},
    "c_also_take": {"nb": "{card} tar også stikket", "en": "{card} takes the trick too"},
    "c_also_discard": {"nb": "{card} kan heller ikke ta stikket",
                       "en": "{card} cannot take the trick either"},
    "c_also_lead": {"nb": "{card} spilles også ut i {suit}", "en": "{card} is also led in {suit}"},
    "c_cheaper": {
        "nb": "{best} tar det også og er lavere, så du sparer {card} til senere",
        "en": "{best} takes it too and is lower, so you keep {card} for later",
    },
    # named, not «det»: after «… . Men» the sentence before may end with the other card
    "c_discard_master": {
        "nb": "{card} er det høyeste kortet i {suit} som er igjen, og det kunne tatt et stikk "
              "senere",
        "en": "{card} is the highest card left in {suit}, and it could take a trick later",
    },
    "c_wastes_high": {
        "nb": "legger du {card}, bruker du et høyere kort enn {best}, og {card} kunne tatt et "
              "stikk senere",
        "en": "with {card} you spend a higher card than {best}, and {card} could take a trick "
              "later",
    },
    "c_trump_now": {
        "nb": "{card} stikker med trumf slik det ligger nå, med {higher} høyere trumf "
              "fortsatt ute",
        "en": "{card} trumps the trick as it lies now, with {higher} higher "
              "{higher:trump|trumps} still out",
    },
    "c_keeps_high": {
        "nb": "legger du {card}, sitter du igjen med {best}, og med {higher} høyere kort i "
              "{suit} ute kan du bli nødt til å ta et stikk med det senere",
        "en": "after {card} you are still holding {best}, and with {higher} higher "
              "{higher:card|cards} in {suit} out you may have to take a trick with it later",
    },
    "c_keeps_master": {
        "nb": "legger du {card}, sitter du igjen med {best}, som ingen kan gå over: da må du ta "
              "et stikk med det senere",
        "en": "after {card} you are still holding {best}, which nobody can beat: you will have to "
              "take a trick with it later",
    },
    "c_keeps_master_points": {
        "nb": "legger du {card}, sitter du igjen med {best}, som ingen kan gå over: da må du ta "
              "et stikk med det senere og få {points} poeng for det",
        "en": "after {card} you are still holding {best}, which nobody can beat: you will have to "
              "take a trick with it later and get its {points} {points:point|points}",
    },
    "c_keeps_points": {
        "nb": "legger du {card}, sitter du igjen med {best}, som er verdt {points} poeng for den "
              "som tar det",
        "en": "after {card} you are still holding {best}, worth {points} {points:point|points} to "
              "whoever takes it",
    },
    "c_pass_costs": {
        "nb": "et pass koster deg {points} poeng",
        "en": "a pass costs you {points} {points:point|points}",
    },
    "c_ft_opens_other": {
        "nb": "{card} åpner plassen til {head}, som en av de andre har",
        "en": "{card} opens the place for {head}, which one of the others holds",
    },
    "c_ft_opens_others": {
        "nb": "{card} åpner plassene til {heads}, som de andre har",
        "en": "{card} opens the places for {heads}, which the others hold",
    },
    "c_ft_opens_mine": {
        "nb": "{card} åpner {count:plassen|plassene} til {heads}, som du har selv",
        "en": "{card} opens {count:the place|the places} for {heads}, which you hold yourself",
    },
    "c_ft_opens_nothing": {
        "nb": "{card} åpner ingen ny plass i rekka",
        "en": "{card} opens no new place in the row",
    },
    "c_ft_beyond": {
        "nb": "{card} åpner veien for {count} kort som de andre har lenger ut i rekka",
        "en": "{card} opens the way for {count} {count:card|cards} the others hold further "
              "along the row",
    },
    "c_ft_beyond_both": {
        "nb": "lenger ut i rekka åpner {card} veien for {count} av de andres kort, {best} for "
              "{best_count}",
        "en": "further along the row {card} opens the way for {count} of the others' cards, "
              "{best} for {best_count}",
    },
    "c_ft_own_both": {
        "nb": "lenger ut i rekka gjør {card} vei for {count} av dine egne kort, {best} for "
              "{best_count}",
        "en": "further along the row {card} makes way for {count} of your own cards, {best} "
              "for {best_count}",
    },
    "c_ft_none": {"nb": "ingen", "en": "none"},
    "c_ft_beyond_none": {
        "nb": "{card} åpner ingen vei for kort som de andre har lenger ut i rekka",
        "en": "{card} opens the way for none of the others' cards further along the row",
    },
    "c_ft_own_none": {
        "nb": "{card} hjelper ingen av dine egne kort ut",
        "en": "{card} helps none of your own cards out",
    },
    "c_pass_holds": {
        "nb": "et pass koster deg {points} poeng, men holder kortene dine tilbake",
        "en": "a pass costs you {points} {points:point|points} but keeps your cards back",
    },
    "c_trump_count": {
        "nb": "du har {count} trumf med {suit} som trumf",
        "en": "you hold {count} {count:trump|trumps} with {suit} as trump",
    },
    "c_trump_honours": {
        "nb": "du har {count} av ess, konge og dame med {suit} som trumf",
        "en": "you hold {count} of the ace, king and queen with {suit} as trump",
    },
    # a reason that two moves share although their labels differ carries what each costs
    "c_costs": {
        "nb": "{reason}, og det koster deg omtrent {loss} poeng{error} mot {best}",
        "en": "{reason}, and that costs you about {loss} {loss:point|points}{error} against "
              "{best}",
    },
    "c_costs_little": {
        "nb": "{reason}, og det koster deg bare omtrent {loss} poeng{error} mot {best}",
        "en": "{reason}, and that costs you only about {loss} {loss:point|points}{error} "
              "against {best}",
    },
    "c_costs_nothing": {
        "nb": "{reason}, men {move} og {best} er omtrent like gode: forskjellen er innenfor "
              "usikkerheten",
        "en": "{reason}, but {move} and {best} are about as good as each other: the difference "
              "is within the uncertainty",
    },
    "c_tactic_against": {
        "nb": "{reason}, og det taler mot {move}",
        "en": "{reason}, and that speaks against {move}",
    },
    "c_tactic_prefers": {
        "nb": "{reason}, og taktikken foretrekker {best}",
        "en": "{reason}, and the tactics prefer {best}",
    },
    # --- the coach's judgement: every number is what a move costs against the best one -----
    "coach_no_choice": {
        "nb": "Her er det ikke noe å velge mellom",
        "en": "There is nothing to choose between here",
    },
    "coach_all_same": {
        "nb": "{cards} er samme trekk her: kortene mellom dem er hos deg eller allerede spilt, "
              "så det spiller ingen rolle hvilket du velger",
        "en": "{cards} are the same move here: the cards between them are yours or already "
              "played, so it does not matter which you choose",
    },
    "coach_all_equal": {
        "nb": "Alle trekkene dine ender likt her, så det spiller ingen rolle hvilket du velger",
        "en": "All your moves end the same here, so it does not matter which you choose",
    },
    "coach_best": {"nb": "Det er det beste trekket her", "en": "It is the best move here"},
    "coach_best_anyway": {
        "nb": "Likevel er det det beste trekket her",
        "en": "Even so, it is the best move here",
    },
    "coach_best_margin": {
        "nb": "{best}: {next}, det nest beste, ville kostet deg omtrent {loss} poeng{error}",
        "en": "{best}: {next}, the next best, would cost you about {loss} "
              "{loss:point|points}{error}",
    },
    "coach_best_equal": {
        "nb": "{best}, men {others} er omtrent like {count:godt|gode}: forskjellen er innenfor "
              "usikkerheten",
        "en": "{best}, but {others} {count:is|are} about as good: the difference is within the "
              "uncertainty",
    },
    # after a reason that speaks against the move («åpner plassen for ♣8»): one concession
    # («likevel»), not a second one («men …») in the same sentence
    "coach_best_equal_anyway": {
        "nb": "Likevel er det blant de beste trekkene her: {others} er omtrent like "
              "{count:godt|gode}, og forskjellen er innenfor usikkerheten",
        "en": "Even so, it is among the best moves here: {others} {count:is|are} about as good, "
              "and the difference is within the uncertainty",
    },
    "coach_about_equal": {
        "nb": "{move} og {best} er omtrent like gode: forskjellen er innenfor usikkerheten",
        "en": "{move} and {best} are about as good as each other: the difference is within the "
              "uncertainty",
    },
    "coach_small_loss": {
        "nb": "{move} koster deg bare omtrent {loss} poeng{error} mot {best}",
        "en": "{move} costs you only about {loss} {loss:point|points}{error} against {best}",
    },
    "coach_loss": {
        "nb": "{move} koster deg omtrent {loss} poeng{error} mot {best}",
        "en": "{move} costs you about {loss} {loss:point|points}{error} against {best}",
    },
    "coach_error": {"nb": " (±\u00a0{error})", "en": " (±\u00a0{error})"},  # never broken
    "coach_relative": {
        "nb": "Tallene er dine poeng minus snittet til de andre, og jo lavere, jo bedre: i "
              "denne runden er summen av alles poeng ikke fast, så et trekk kan koste deg mot "
              "de andre selv om du selv fikk få poeng",
        "en": "The numbers are your points minus the others' average, and the lower the better: "
              "in this round everyone's points do not add up to a fixed total, so a move can "
              "cost you against the others even when you scored few points yourself",
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

