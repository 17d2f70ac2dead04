"""Every page of the site in reading order: notebook, part of the site, title (bokmål, English).

Written by scripts/course_nav.py from the notebooks; do not edit by hand.
"""

PAGES: tuple[tuple[str, str, str, str], ...] = (
    (
        "index.ipynb",
        "front",
        "Femkamp · Sekskamp · Sjukamp",
        "Femkamp · Sekskamp · Sjukamp",
    ),
    (
        "tutorial/00-velkommen.ipynb",
        "tutorial",
        "Velkommen til Femkamp",
        "Welcome to Femkamp",
    ),
    (
        "tutorial/01-kortstokk-utdeling-og-stikk.ipynb",
        "tutorial",
        "Kortstokk, utdeling og stikk",
        "Deck, deal and tricks",
    ),
    (
        "tutorial/02-pass.ipynb",
        "tutorial",
        "Pass: unngå stikkene",
        "Pass: avoid the tricks",
    ),
    (
        "tutorial/03-klover.ipynb",
        "tutorial",
        "Kløver: unngå kløverne",
        "Clubs: avoid the clubs",
    ),
    (
        "tutorial/04-damer.ipynb",
        "tutorial",
        "Damer: unngå damene",
        "Queens: avoid the queens",
    ),
    (
        "tutorial/05-fan-tan.ipynb",
        "tutorial",
        "Fan Tan (kabal)",
        "Fan Tan",
    ),
    (
        "tutorial/06-grand.ipynb",
        "tutorial",
        "Grand: ta stikkene",
        "Grand: take the tricks",
    ),
    (
        "tutorial/07-poengregning.ipynb",
        "tutorial",
        "Poengregning og poengarket",
        "Scoring and the score sheet",
    ),
    (
        "tutorial/08-hel-femkamp.ipynb",
        "tutorial",
        "Spill en hel femkamp",
        "A whole game of Femkamp",
    ),
    (
        "tutorial/09-husregler.ipynb",
        "tutorial",
        "Husregler: bli enige før dere starter",
        "House rules: agree before you start",
    ),
    (
        "sekskamp/00-sekskamp.ipynb",
        "sekskamp",
        "Sekskamp: seks runder",
        "Sekskamp: six rounds",
    ),
    (
        "sekskamp/01-seksere-og-sjuere.ipynb",
        "sekskamp",
        "Kabalen med seksere og sjuere",
        "Fan Tan with sixes and sevens",
    ),
    (
        "sekskamp/02-trukket-trumf.ipynb",
        "sekskamp",
        "Trumfen og trumfrunden",
        "Trumps and the trump round",
    ),
    (
        "sekskamp/03-anna-og-bjorn.ipynb",
        "sekskamp",
        "Regneeksempelet med Anna og Bjørn",
        "The worked example: Anna and Bjørn",
    ),
    (
        "sekskamp/04-hel-sekskamp.ipynb",
        "sekskamp",
        "Spill en hel sekskamp",
        "A whole game of Sekskamp",
    ),
    (
        "sjukamp/00-sjukamp.ipynb",
        "sjukamp",
        "Sjukamp: sju runder",
        "Sjukamp: seven rounds",
    ),
    (
        "sjukamp/01-fan-tan-som-runde-3.ipynb",
        "sjukamp",
        "Kabalen tidlig i kvelden",
        "The patience early in the evening",
    ),
    (
        "sjukamp/02-trumf-med-spar.ipynb",
        "sjukamp",
        "Trumfrunden",
        "The trump round",
    ),
    (
        "sjukamp/03-finalen.ipynb",
        "sjukamp",
        "Finalen",
        "The Finale",
    ),
    (
        "sjukamp/04-hel-sjukamp.ipynb",
        "sjukamp",
        "Spill en hel sjukamp",
        "A whole game of Sjukamp",
    ),
    (
        "notebooks/00-husregler-under-lupen.ipynb",
        "notebooks",
        "Husregler under lupen",
        "House rules under the magnifying glass",
    ),
    (
        "notebooks/01-taktikk.ipynb",
        "notebooks",
        "Taktikk: hva lønner seg hvor?",
        "Tactics: what pays where?",
    ),
    (
        "notebooks/02-poengark.ipynb",
        "notebooks",
        "Poengarket på hytta",
        "The score sheet at the cabin",
    ),
    (
        "notebooks/03-utskrift.ipynb",
        "notebooks",
        "Utskrift: reglene og et tomt poengark",
        "Printing: the rules and an empty score sheet",
    ),
    (
        "notebooks/04-finn-det-beste-kortet.ipynb",
        "notebooks",
        "Finn det beste kortet",
        "Find the best card",
    ),
)
