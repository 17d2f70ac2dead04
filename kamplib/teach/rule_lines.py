"""The rules as a course page states them, drawn from the rules in force for that page.

A page's narrative is bokmål written once; wherever it states something a house rule decides
(how the trump is found, who opens Fan Tan, what a queen is worth, which way the ace ranks in
Pass), the sentence comes from here, made from the page's :class:`~kamplib.rules.Rules` (the
learner's choices for the page's game) and the round kinds' own values, so a page never states
a rule the learner did not choose.  Where the chosen rule differs from what the game usually
plays, the sentence says so.  Each function returns a :class:`~kamplib.teach.notes.Note` the
page shows as part of its text.
"""

from __future__ import annotations

from typing import Any

from kamplib.cards import parse_card
from kamplib.i18n import KindName, SuitName, register, t
from kamplib.kinds import KINDS
from kamplib.rules import GAMES, Rules, defaults, round_multiplier
from kamplib.scoring import points_in_play
from kamplib.teach.house_rules import game_name
from kamplib.teach.notes import Note, bullets, prose

__all__ = ["trump_way", "trump_way_note", "trump_found", "trump_play", "trump_tactics",
           "fantan_rules", "fantan_in_short", "fantan_opener", "fantan_deck_rule", "row_sums",
           "queen_rule", "finale_rule", "ace_rule", "ace_in_pass", "game_changes",
           "last_round_rule"]

register({
    # how the trump of the trump round is found (rules.trump)
    "rl_trump_fixed": {"nb": "Trumfen er fast: {suit} er trumf, og alle vet det fra starten av "
                             "kvelden.",
                       "en": "The trump is fixed: {suit} are trumps, and everybody knows it from "
                             "the start of the evening."},
    "rl_trump_draw": {"nb": "Trumfen trekkes: før runden snur giveren et tilfeldig kort, og "
                            "fargen på det kortet blir trumf.",
                      "en": "The trump is drawn: before the round the dealer turns up a random "
                            "card, and that card's suit is trumps."},
    "rl_trump_dealer": {"nb": "Giveren velger trumf: etter å ha sett kortene sine, og før det "
                              "første stikket.",
                        "en": "The dealer chooses trumps, after looking at their cards and "
                              "before the first trick."},
    "rl_trump_draw_more": {
        "nb": "Så legges kortet tilbake, det stokkes igjen og deles ut som vanlig. Ingen vet på "
              "forhånd hvilken farge det blir, så du kan ikke planlegge for den i de første "
              "rundene.",
        "en": "The card goes back, the deck is shuffled again and dealt as usual. Nobody knows "
              "the suit in advance, so you cannot plan for it in the earlier rounds."},
    "rl_trump_fixed_more": {
        "nb": "Hendene deles på nytt hver runde, men trumffargen vet du hele kvelden.",
        "en": "The hands are dealt afresh every round, but you know the trump suit all "
              "evening."},
    "rl_trump_dealer_more": {
        "nb": "De andre får vite trumfen når giveren har valgt. Er du giver, velger du selv, "
              "gjerne den fargen du har flest og høyest kort i.",
        "en": "The others learn the trump once the dealer has chosen. When you deal, you "
              "choose, best the suit you hold most and highest cards in."},
    "rl_trump_usual": {"nb": "Det vanlige i {game} er: {usual} Dere spiller med en husregel.",
                       "en": "What {game} usually plays: {usual} You play a house rule."},
    "rl_trump_usual_fixed": {"nb": "{suit} er fast trumf.", "en": "{suit} are fixed trumps."},
    "rl_trump_usual_draw": {"nb": "trumfen trekkes med et snudd kort.",
                            "en": "the trump is drawn by turning up a card."},
    "rl_trump_usual_dealer": {"nb": "giveren velger trumf.", "en": "the dealer chooses trumps."},
    # playing the trump round
    "rl_follow": {"nb": "Du må følge farge hvis du kan.", "en": "You must follow suit if you can."},
    "rl_may_trump": {
        "nb": "Har du ikke fargen som ble spilt ut, kan du trumfe{with_suit}, men du er ikke "
              "nødt til det. Du kan like gjerne kaste et kort i en annen farge, og du trenger "
              "heller ikke trumfe over en som har trumfet.",
        "en": "Without the suit led you may trump{with_suit}, but you need not. You may as "
              "well discard another suit, and you need not overtrump someone who trumped."},
    "rl_with_suit": {"nb": " med {suit}", "en": " with {suit}"},
    "rl_trump_wins": {
        "nb": "Ligger det {trump} i stikket, vinner den høyeste av dem. Ellers vinner høyeste "
              "kort i utspillsfargen.",
        "en": "With {trump} in the trick, the highest of them wins. Otherwise the highest card "
              "of the suit led wins."},
    "rl_trumps_suit": {"nb": "{suit}", "en": "{suit}"},
    "rl_trumps_in_trick": {"nb": "trumf", "en": "trumps"},
    # tactics that depend on how the trump is found
    "rl_tactic_fixed": {
        "nb": "Fast trumf kan planlegges: du vet at {suit} blir trumf i trumfrunden, men "
              "hendene deles på nytt hver runde, så planen gjelder bare den runden.",
        "en": "A fixed trump can be planned for: you know {suit} will be trumps in the trump "
              "round, but the hands are dealt afresh every round, so the plan is for that round "
              "alone."},
    "rl_tactic_draw": {
        "nb": "En lang farge er gull hvis den blir trumf, men det vet du ikke før kortet er "
              "snudd.",
        "en": "A long suit is gold if it becomes trumps, but you do not know that until the "
              "card is turned up."},
    "rl_tactic_dealer": {
        "nb": "Er du giver, velg fargen du har flest og høyest kort i: da tar trumfene dine "
              "stikkene.",
        "en": "When you deal, choose the suit you hold most and highest cards in: then your "
              "trumps take the tricks."},
    "rl_tactic_count": {
        "nb": "Tell trumfene. Når alle trumfene er spilt, vinner de høye kortene i de andre "
              "fargene igjen.",
        "en": "Count the trumps. Once every trump is played, the high cards of the other suits "
              "win again."},
    "rl_tactic_many": {
        "nb": "Mange trumf på hånden er gull. Spill ut trumf for å trekke ut de andres trumfer, "
              "og la de lange fargene dine ta stikkene etterpå.",
        "en": "Many trumps in hand are gold. Lead trumps to draw the others' trumps, and let "
              "your long suits take the tricks afterwards."},
    "rl_tactic_few": {
        "nb": "Få trumf? Bli renons i en annen farge, så kan du trumfe når den fargen spilles "
              "ut.",
        "en": "Few trumps? Get void in another suit, so you can trump when it is led."},
    # Fan Tan
    "rl_ft_deck_full": {"nb": "Alle {cards} kortene deles ut, også de røde toerne. Noen kan "
                              "få ett kort mer enn andre.",
                        "en": "All {cards} {cards:card|cards} are dealt, the red twos too. Some "
                              "may get one card more than others."},
    "rl_ft_deck_trick": {"nb": "Kabalen spilles med den samme kortstokken som stikkrundene: med "
                               "{players} spillere er det {cards} kort, {each} hver.",
                         "en": "Fan Tan is played with the same deck as the trick rounds: with "
                               "{players} players that is {cards} {cards:card|cards}, {each} "
                               "each."},
    "rl_ft_ace": {"nb": "Ess er lavest i denne runden: rekka går fra ess nederst til konge "
                        "øverst.",
                  "en": "Ace is low in this round: a row runs from ace at the bottom to king "
                        "at the top."},
    "rl_ft_open_seven": {"nb": "Den som har ♥7, legger den på bordet og åpner runden.",
                         "en": "Whoever holds ♥7 lays it on the table and opens the round."},
    "rl_ft_open_left": {"nb": "Spilleren til venstre for giveren begynner, og kan legge en "
                              "hvilken som helst {start} (eller si pass uten noen).",
                        "en": "The player left of the dealer begins, and may lay any {start} "
                              "(or pass without one)."},
    "rl_ft_start_sevens": {"nb": "sjuer", "en": "seven"},
    "rl_ft_start_sixes": {"nb": "sjuer eller sekser", "en": "seven or six"},
    "rl_ft_lay_sevens": {"nb": "Etter tur legger du ett kort: en sjuer i en farge som ikke er "
                               "åpnet ennå, eller et kort rett inntil en rekke som ligger (én "
                               "opp eller én ned).",
                         "en": "In turn you lay one card: a seven of a suit not opened yet, or a "
                               "card right next to a row on the table (one up or one down)."},
    "rl_ft_lay_sixes": {"nb": "Etter tur legger du ett kort. Hver farge har to bunker: "
                              "sjueren starter en som bygges oppover (8, 9 … konge), og sekseren "
                              "en som bygges nedover (5, 4 … ess). Sekseren trenger ikke vente "
                              "på sjueren.",
                        "en": "In turn you lay one card. Each suit has two piles: the seven "
                              "starts one built upwards (8, 9 … king), the six one built "
                              "downwards (5, 4 … ace). The six need not wait for the seven."},
    "rl_ft_must": {"nb": "Kan du legge, må du legge. Kan du ikke, sier du pass (noen sier "
                         "prikk).",
                   "en": "If you can lay, you must. If you cannot, you pass."},
    "rl_ft_voluntary": {"nb": "Du kan si pass (noen sier prikk) når du vil, også når du kan "
                              "legge: dere har valgt frivillig pass.",
                        "en": "You may pass whenever you like, even when you could lay: you "
                              "chose voluntary passes."},
    "rl_ft_pass_cost": {"nb": "Hvert pass gir {points} poeng.",
                        "en": "Every pass scores {points} {points:point|points}."},
    "rl_ft_end": {"nb": "Når noen går ut, får alle andre {points} poeng for hvert kort de har "
                        "igjen på hånden. Den som gikk ut, får 0, selv om hun eller han har "
                        "sagt pass underveis.",
                  "en": "When someone goes out, everybody else scores {points} "
                        "{points:point|points} for every card left in hand. Whoever went out "
                        "scores 0, passes along the way included."},
    "rl_ft_short": {"nb": "I kabalen dere spiller, {layout}, {opener}, og hvert pass og hvert "
                          "kort igjen på hånden koster {points} poeng.",
                    "en": "In your Fan Tan {layout}, {opener}, and every pass and every card "
                          "left in hand costs {points} {points:point|points}."},
    "rl_ft_short_sevens": {"nb": "åpner sjuerne hver sin farge", "en": "the sevens open the suits"},
    "rl_ft_short_sixes": {"nb": "starter sjuerne og sekserne hver sin bunke",
                          "en": "the sevens and the sixes each start a pile"},
    "rl_ft_short_open_seven": {"nb": "den som har ♥7, begynner", "en": "whoever holds ♥7 begins"},
    "rl_ft_short_open_left": {"nb": "spilleren til venstre for giveren begynner",
                              "en": "the player left of the dealer begins"},
    "rl_opener_seven": {"nb": "I Fan Tan begynner den som har ♥7, uansett hvor hun eller han "
                              "sitter.",
                        "en": "In Fan Tan whoever holds ♥7 begins, wherever they sit."},
    "rl_opener_left": {"nb": "I Fan Tan begynner også spilleren til venstre for giveren, med en "
                             "hvilken som helst {start}: dere har valgt det.",
                       "en": "In Fan Tan too the player left of the dealer begins, with any "
                             "{start}: you chose it."},
    "rl_deck_full": {"nb": "I Fan Tan-runden legger dere toerne tilbake: der gjør det ingenting "
                           "om noen får ett kort mer.",
                     "en": "For the Fan Tan round you put the twos back: there it does not matter "
                           "if someone gets one card more."},
    "rl_deck_trick": {"nb": "Dere har valgt å spille Fan Tan med den samme kortstokken som "
                            "stikkrundene, så toerne blir liggende ute der også.",
                      "en": "You chose to play Fan Tan with the same deck as the trick rounds, so "
                            "the twos stay out there too."},
    # what each row of a score sheet adds up to, and why
    "rl_sums_total": {"nb": "Raden summerer til ({players} spillere)",
                      "en": "The row adds up to ({players} players)"},
    "rl_sums_why": {"nb": "Hvorfor", "en": "Why"},
    "rl_sums_none": {"nb": "ingen fast sum", "en": "no fixed sum"},
    "rl_why_tricks": {"nb": "{tricks} stikk, {sign} per stikk",
                      "en": "{tricks} {tricks:trick|tricks}, {sign} a trick"},
    "rl_why_fantan": {"nb": "nøyaktig én har 0, alle andre minst {least}",
                      "en": "exactly one has 0, all others at least {least}"},
    "rl_why_double": {"nb": "{why}, dobbelt", "en": "{why}, doubled"},
    # Damer and the Finale
    "rl_queen": {"nb": "Hver dame i stikkene dine gir {points} poeng. De fire damene gir til "
                       "sammen {total} poeng.",
                 "en": "Each queen in your tricks scores {points} {points:point|points}. The "
                       "four queens make {total} {total:point|points} in all."},
    "rl_queen_usual": {"nb": "Vanligst er {points} poeng per dame; dere har valgt {chosen}.",
                       "en": "Most play {points} {points:point|points} a queen; you chose "
                             "{chosen}."},
    "rl_finale_qc": {"nb": "♣Q gir {points} poeng.", "en": "♣Q scores {points} "
                                                            "{points:point|points}."},
    "rl_finale_queens": {"nb": "De tre andre damene gir {points} poeng hver.",
                         "en": "The three other queens score {points} {points:point|points} "
                               "each."},
    "rl_finale_clubs": {"nb": "Hver annen kløver gir {points} poeng.",
                        "en": "Every other club scores {points} {points:point|points}."},
    "rl_finale_total": {"nb": "Til sammen er det {total} poeng i spill, mer enn i noen annen "
                              "runde.",
                        "en": "That is {total} {total:point|points} in play, more than in any "
                              "other round."},
    "rl_finale_total_plain": {"nb": "Til sammen er det {total} poeng i spill.",
                              "en": "That is {total} {total:point|points} in play."},
    "rl_finale_usual": {"nb": "Vanligst er {usual} poeng for ♣Q; dere har valgt {chosen}.",
                        "en": "Most give ♣Q {usual} {usual:point|points}; you chose {chosen}."},
    # the ace in the trick rounds
    "rl_ace_high": {"nb": "I stikkrundene er ess høyest, så konge, dame, knekt, 10 og nedover "
                          "til 2.",
                    "en": "In the trick rounds ace is high, then king, queen, jack, 10 and down "
                          "to 2."},
    "rl_ace_low_pass": {"nb": "I stikkrundene er ess høyest, så konge, dame, knekt, 10 og "
                              "nedover til 2. Unntaket er Pass: der har dere valgt at ess er "
                              "lavest.",
                        "en": "In the trick rounds ace is high, then king, queen, jack, 10 and "
                              "down to 2. The exception is Pass: there you chose ace low."},
    "rl_ace_pass_high": {"nb": "Ess er høyest, også i Pass.", "en": "Ace is high, in Pass too."},
    "rl_ace_pass_low": {"nb": "Dere spiller med ess lavest i Pass: der er esset det laveste "
                              "kortet, og kongen det høyeste.",
                        "en": "You play ace low in Pass: there the ace is the lowest card, and "
                              "the king the highest."},
    # what a game changes from Femkamp
    "rl_moved": {"nb": "{kind} kommer som runde {number}, før {before}.",
                 "en": "{kind} comes as round {number}, before {before}."},
    "rl_moved_last": {"nb": "{kind} kommer som runde {number}, til slutt.",
                      "en": "{kind} comes as round {number}, last."},
    "rl_added": {"nb": "Runde {number} er {kind}. {goal} ({points}).",
                 "en": "Round {number} is {kind}. {goal} ({points})."},
    "rl_layout_sixes": {"nb": "Kabalen spilles med seksere og sjuere: sekseren starter en egen "
                              "bunke nedover.",
                        "en": "Fan Tan is played with sixes and sevens: the six starts a pile "
                              "of its own, downwards."},
    "rl_layout_sevens": {"nb": "Kabalen spilles fra sjuerne, som i Femkamp.",
                         "en": "Fan Tan builds from the sevens, as in Femkamp."},
    "rl_last_double": {"nb": "Siste runde, {kind}, teller dobbelt: dere har valgt det.",
                       "en": "The last round, {kind}, counts double: you chose it."},
})

_QUEEN = parse_card("QS")
_QUEEN_OF_CLUBS = parse_card("QC")
_CLUB = parse_card("2C")


def _way(rules: Rules) -> str:
    return rules.trump if rules.trump in ("draw", "dealer") else "fixed"


# The sentences of each way of finding the trump: how, what it means, as the usual, a tactic.
_TRUMP_WAYS = {
    "fixed": ("rl_trump_fixed", "rl_trump_fixed_more", "rl_trump_usual_fixed",
              "rl_tactic_fixed"),
    "draw": ("rl_trump_draw", "rl_trump_draw_more", "rl_trump_usual_draw", "rl_tactic_draw"),
    "dealer": ("rl_trump_dealer", "rl_trump_dealer_more", "rl_trump_usual_dealer",
               "rl_tactic_dealer"),
}


def _suit(rules: Rules) -> dict[str, SuitName]:
    """The fixed trump suit as a message parameter (none when drawn or chosen)."""
    return {"suit": SuitName(rules.trump)} if _way(rules) == "fixed" else {}


def trump_way(rules: Rules, lang: str = "nb") -> str:
    """How the trump round's trump is found, in one sentence (fixed, drawn or chosen)."""
    return t(_TRUMP_WAYS[_way(rules)][0], lang, **_suit(rules))


def trump_way_note(rules: Rules, lang: str = "nb") -> Note:
    """:func:`trump_way` as a sentence of the page."""
    return prose(trump_way(rules, lang))


def trump_found(rules: Rules, lang: str = "nb") -> Note:
    """How the trump is found, what that means for a player, and what the game usually plays
    when the learner chose otherwise."""
    lines = [f"{trump_way(rules, lang)} {t(_TRUMP_WAYS[_way(rules)][1], lang)}"]
    if rules.game in GAMES and defaults(rules.game).trump != rules.trump:
        usual = defaults(rules.game)
        said = t(_TRUMP_WAYS[_way(usual)][2], lang, **_suit(usual))
        lines.append(t("rl_trump_usual", lang, game=game_name(rules.game, lang), usual=said))
    return prose(*lines)


def trump_play(rules: Rules, lang: str = "nb") -> Note:
    """The trump round's rules of play: follow suit; trumping allowed, never forced."""
    in_trick = (t("rl_trumps_suit", lang, **_suit(rules)) if _way(rules) == "fixed"
                else t("rl_trumps_in_trick", lang))
    fixed = _way(rules) == "fixed"
    with_suit = t("rl_with_suit", lang, **_suit(rules)) if fixed else ""
    return bullets(t("rl_follow", lang), t("rl_may_trump", lang, with_suit=with_suit),
                   t("rl_trump_wins", lang, trump=in_trick))


def trump_tactics(rules: Rules, lang: str = "nb") -> Note:
    """Tactics for the trump round: the first one depends on how the trump is found."""
    return bullets(t(_TRUMP_WAYS[_way(rules)][3], lang, **_suit(rules)), t("rl_tactic_many", lang),
                   t("rl_tactic_count", lang), t("rl_tactic_few", lang))


def fantan_rules(rules: Rules, players: int = 4, lang: str = "nb") -> Note:
    """Fan Tan's rules as the chosen house rules make them, one a line."""
    from kamplib.deal import deck_for

    kind = KINDS["fantan"]
    deck = deck_for("fantan", players, rules)
    sixes = rules.fantan_layout == "sixes_and_sevens"
    if rules.fantan_deck == "full":
        first = t("rl_ft_deck_full", lang, cards=len(deck))
    else:
        first = t("rl_ft_deck_trick", lang, players=players, cards=len(deck),
                  each=len(deck) // players)
    opener = (t("rl_ft_open_seven", lang) if rules.fantan_opener == "seven_of_hearts"
              else t("rl_ft_open_left", lang,
                     start=t("rl_ft_start_sixes" if sixes else "rl_ft_start_sevens", lang)))
    return bullets(first, t("rl_ft_ace", lang), opener,
                   t("rl_ft_lay_sixes" if sixes else "rl_ft_lay_sevens", lang),
                   t("rl_ft_voluntary" if rules.fantan_voluntary_pass else "rl_ft_must", lang),
                   t("rl_ft_pass_cost", lang, points=kind.pass_value),
                   t("rl_ft_end", lang, points=kind.card_left_value))


def fantan_in_short(rules: Rules, lang: str = "nb") -> Note:
    """Fan Tan's rules in one sentence: layout, opener, what a pass and a card left cost."""
    layout = "rl_ft_short_sixes" if rules.fantan_layout == "sixes_and_sevens" \
        else "rl_ft_short_sevens"
    opener = "rl_ft_short_open_seven" if rules.fantan_opener == "seven_of_hearts" \
        else "rl_ft_short_open_left"
    return prose(t("rl_ft_short", lang, layout=t(layout, lang), opener=t(opener, lang),
                   points=KINDS["fantan"].pass_value))


def fantan_opener(rules: Rules, lang: str = "nb") -> Note:
    """Who begins Fan Tan, beside the trick rounds' leader (a table of dealers follows)."""
    if rules.fantan_opener == "seven_of_hearts":
        return prose(t("rl_opener_seven", lang))
    sixes = rules.fantan_layout == "sixes_and_sevens"
    return prose(t("rl_opener_left", lang,
                   start=t("rl_ft_start_sixes" if sixes else "rl_ft_start_sevens", lang)))


def fantan_deck_rule(rules: Rules, lang: str = "nb") -> Note:
    """Whether the twos taken out for the trick rounds come back for Fan Tan."""
    return prose(t("rl_deck_full" if rules.fantan_deck == "full" else "rl_deck_trick", lang))


def row_sums(rules: Rules, players: int = 4, lang: str = "nb") -> Any:
    """What every row of the game's score sheet adds up to at ``players`` players, and why,
    as the engine scores it (:func:`kamplib.scoring.points_in_play`)."""
    from kamplib.deal import tricks_in_play
    from kamplib.i18n import kind_name
    from kamplib.teach.tables import Table

    rows = []
    tricks = tricks_in_play(players, rules)
    for i, kind in enumerate(rules.order):
        k, double = KINDS[kind], round_multiplier(rules, i)
        total = points_in_play(kind, players, rules, double)
        if not k.is_trick_round:
            why = t("rl_why_fantan", lang, least=min(k.pass_value, k.card_left_value) * double)
        elif k.trick_value:
            why = t("rl_why_tricks", lang, tricks=tricks, sign=f"{k.trick_value:+d}"
                    .replace("-", "−"))
        else:  # the cards in the tricks count, as the kind says with the chosen values
            why = k.points_text(rules, lang)
        if double > 1:
            why = t("rl_why_double", lang, why=why)
        rows.append((kind_name(kind, lang), t("rl_sums_none", lang) if total is None
                     else total, why))
    return Table((t("word_round", lang), t("rl_sums_total", lang, players=players),
                  t("rl_sums_why", lang)), tuple(rows))


def queen_rule(rules: Rules, lang: str = "nb") -> Note:
    """What a queen scores in Damer and the four together, with the chosen value."""
    damer = KINDS["damer"]
    points = damer.card_value(_QUEEN, rules)
    lines = [t("rl_queen", lang, points=points, total=4 * points)]
    usual = damer.card_value(_QUEEN, defaults("femkamp"))
    if points != usual:
        lines.append(t("rl_queen_usual", lang, points=usual, chosen=points))
    return bullets(*lines)


def finale_rule(rules: Rules, lang: str = "nb") -> Note:
    """What the Finale's cards score, and all of them together."""
    finale = KINDS["finale"]
    qc = finale.card_value(_QUEEN_OF_CLUBS, rules)
    total = points_in_play("finale", 4, rules)
    others = [points_in_play(key, 4, rules) for key, kind in KINDS.items()
              if kind is not finale and kind.is_trick_round]
    most = total is not None and all(o is None or abs(o) < total for o in others)
    lines = [t("rl_finale_qc", lang, points=qc),
             t("rl_finale_queens", lang, points=finale.card_value(_QUEEN, rules)),
             t("rl_finale_clubs", lang, points=finale.card_value(_CLUB, rules)),
             t("rl_finale_total" if most else "rl_finale_total_plain", lang, total=total)]
    usual = finale.card_value(_QUEEN_OF_CLUBS, defaults("sjukamp"))
    if qc != usual:
        lines.append(t("rl_finale_usual", lang, usual=usual, chosen=qc))
    return bullets(*lines)


def ace_rule(rules: Rules, lang: str = "nb") -> Note:
    """How the cards rank in the trick rounds, Pass's ace included."""
    return prose(t("rl_ace_low_pass" if rules.ace_low_in_pass else "rl_ace_high", lang))


def ace_in_pass(rules: Rules, lang: str = "nb") -> Note:
    """Where the ace ranks in Pass."""
    return prose(t("rl_ace_pass_low" if rules.ace_low_in_pass else "rl_ace_pass_high", lang))


def game_changes(rules: Rules, lang: str = "nb") -> Note:
    """What ``rules``' game plays otherwise than Femkamp, one a line: a round moved or added
    (its goal and points as the kind says them, and how its trump is found), the Fan Tan
    layout, a doubled last round."""
    base = GAMES["femkamp"]
    order = rules.order
    lines = []
    for i, kind in enumerate(order):
        name = KindName(kind)
        if kind not in base:  # a round Femkamp does not play: its goal, points and trump
            k = KINDS[kind]
            added = t("rl_added", lang, kind=name, number=i + 1, goal=k.goal(lang),
                      points=k.points_text(rules, lang))
            lines.append(f"{added} {trump_way(rules, lang)}" if k.has_trump else added)
        elif base.index(kind) != i and _moved(kind, order, base):
            later = [k for k in order[i + 1:] if k in base]
            lines.append(t("rl_moved", lang, kind=name, number=i + 1,
                           before=KindName(later[0])) if later
                         else t("rl_moved_last", lang, kind=name, number=i + 1))
    if any(not KINDS[kind].is_trick_round for kind in order):  # Fan Tan's layout
        sixes = rules.fantan_layout == "sixes_and_sevens"
        lines.append(t("rl_layout_sixes" if sixes else "rl_layout_sevens", lang))
    if round_multiplier(rules, len(order) - 1) > 1:
        lines.append(t("rl_last_double", lang, kind=KindName(order[-1])))
    return bullets(*lines)


def _moved(kind: str, order: tuple[str, ...], base: tuple[str, ...]) -> bool:
    """Whether ``kind`` moved forward among the rounds both orders play (Fan Tan before Damer:
    Fan Tan moved, Damer was only passed; a round pushed on by one added before it is not
    moved)."""
    shared = [k for k in order if k in base]
    return shared.index(kind) < [k for k in base if k in order].index(kind)


def last_round_rule(rules: Rules, lang: str = "nb") -> Note:
    """Whether the last round counts double (said only when it does)."""
    if round_multiplier(rules, len(rules.order) - 1) > 1:
        return prose(t("rl_last_double", lang, kind=KindName(rules.order[-1])))
    return prose()
