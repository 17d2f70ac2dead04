"""What the browser edition of the course (`make site`) says itself, in the learner's language.

The browser edition runs the site's pages in Python in the learner's own browser (Pyodide), so
it has moments the Voilà app has not: downloading Python, Python starting, every way either can
fail, and keeping the course for use without a network.  Its page script says them before and
around any Python (scripts/build_site.py hands it :func:`page_texts`).
"""

from __future__ import annotations

import kamplib.teach.store  # noqa: F401  (registers memory_not_kept, which the page script says)
from kamplib.i18n import LANGS, register, template

__all__ = ["PAGE_TEXT_CODES", "page_texts"]

register({
    "browser_downloading": {"nb": "Laster ned kurset …", "en": "Downloading the course …"},
    "browser_progress": {
        "nb": "Laster ned kurset: {done} av {total} MB ({percent} %)",
        "en": "Downloading the course: {done} of {total} MB ({percent}%)"},
    "browser_starting": {"nb": "Python starter i nettleseren din …",
                         "en": "Python is starting in your browser …"},
    "browser_failed": {
        "nb": "Python kunne ikke starte i denne fanen. Lukk andre faner og prøv igjen, eller "
              "bruk en annen nettleser.",
        "en": "Python could not start in this tab. Close other tabs and try again, or use "
              "another browser."},
    "browser_python_silent": {
        "nb": "Python har ikke svart på {seconds} {seconds:sekund|sekunder}. Lukk andre faner og "
              "prøv igjen.",
        "en": "Python has not answered for {seconds} {seconds:second|seconds}. Close other tabs "
              "and try again."},
    "browser_no_wasm": {
        "nb": "Denne nettleseren kjører ikke WebAssembly, som Python trenger. Noen slår det av "
              "for sikkerhets skyld (Låst modus på iPhone og iPad, forbedret sikkerhet i Edge): "
              "slå det på for denne siden, eller bruk en annen nettleser.",
        "en": "This browser does not run WebAssembly, which Python needs. Some turn it off for "
              "security (Lockdown Mode on iPhone and iPad, enhanced security in Edge): turn it "
              "on for this site, or use another browser."},
    "browser_no_module_worker": {
        "nb": "Denne nettleseren er for gammel til å kjøre Python i kurset (den mangler moduler "
              "i Web Workers). Bruk en nyere Chrome, Edge, Firefox eller Safari.",
        "en": "This browser is too old to run the course's Python (it lacks module workers). "
              "Use a newer Chrome, Edge, Firefox or Safari."},
    "browser_offline": {
        "nb": "Du er ikke på nett, og kurset er ikke lagret i denne nettleseren ennå. Koble til "
              "og prøv igjen.",
        "en": "You are offline, and the course is not saved in this browser yet. Connect and "
              "try again."},
    "browser_server_gone": {
        "nb": "Får ikke kontakt med serveren kurset ligger på. Den kan være stoppet, eller nettet "
              "kan være borte.",
        "en": "Cannot reach the server the course is on. It may have stopped, or the network "
              "may be down."},
    "browser_broken": {
        "nb": "Nedlastingen ble brutt etter {done} av {total} MB. Sjekk nettet og prøv igjen.",
        "en": "The download broke off after {done} of {total} MB. Check the network and try "
              "again."},
    "browser_stalled": {
        "nb": "Nedlastingen har stått stille i {seconds} {seconds:sekund|sekunder} ({done} av "
              "{total} MB er lastet ned). Nettet er kanskje for tregt akkurat nå.",
        "en": "The download has not moved for {seconds} {seconds:second|seconds} ({done} of "
              "{total} MB downloaded). The network may be too slow right now."},
    "browser_missing_file": {
        "nb": "Serveren mangler en fil kurset trenger ({file}, svar {status}). Si fra til den "
              "som har lagt ut kurset.",
        "en": "The server lacks a file the course needs ({file}, answer {status}). Tell "
              "whoever published the course."},
    "browser_page_failed": {
        "nb": "Fikk ikke hentet siden: serveren svarer ikke, og siden er ikke lagret i denne "
              "nettleseren.",
        "en": "Could not fetch the page: the server does not answer, and the page is not saved "
              "in this browser."},
    "browser_page_offline": {
        "nb": "Du er ikke på nett, og denne siden er ikke lagret i nettleseren ennå.",
        "en": "You are offline, and this page is not saved in the browser yet."},
    "browser_saving": {"nb": "Lagrer kurset for bruk uten nett: {percent} %",
                       "en": "Saving the course for use without a network: {percent}%"},
    "browser_saved": {"nb": "Kurset er lagret for bruk uten nett.",
                      "en": "The course is saved for use without a network."},
    "browser_save_failed": {
        "nb": "Kurset ble ikke lagret for bruk uten nett: nettet forsvant underveis. Det prøves "
              "igjen neste gang du åpner kurset.",
        "en": "The course was not saved for use without a network: the connection dropped on "
              "the way. It is tried again the next time you open the course."},
    "browser_save_quota": {
        "nb": "Kurset ble ikke lagret for bruk uten nett: nettleseren har ikke plass til det. "
              "Frigjør plass på enheten og åpne kurset igjen.",
        "en": "The course was not saved for use without a network: the browser has no room for "
              "it. Free some space on the device and open the course again."},
    "browser_no_offline": {
        "nb": "Denne adressen bruker ikke HTTPS, så nettleseren kan ikke lagre kurset for bruk "
              "uten nett.",
        "en": "This address does not use HTTPS, so the browser cannot save the course for use "
              "without a network."},
    "browser_update_ready": {"nb": "En ny utgave av kurset er klar.",
                             "en": "A new version of the course is ready."},
    "browser_update": {"nb": "Oppdater", "en": "Update"},
    "browser_close": {"nb": "Lukk", "en": "Close"},
    "browser_teachers": {"nb": "For lærere: slik deler du kurset",
                         "en": "For teachers: sharing the course"},
})

# What the page script says around Python: downloading it, starting it, every way that can fail
# (the page script fills in the numbers: {done}, {total}, {seconds}, …), keeping the course for
# use without a network, a new version, and that nothing is kept when the browser keeps
# nothing (the learner's memory, kamp-memory.js, says it once).
PAGE_TEXT_CODES = {"retry": "word_try_again", "not_kept": "memory_not_kept",
                   **{name: f"browser_{name}" for name in (
    "downloading", "progress", "starting", "failed", "python_silent", "no_wasm",
    "no_module_worker", "offline", "server_gone", "broken", "stalled", "missing_file",
    "page_failed", "page_offline", "saving", "saved", "save_failed", "save_quota",
    "no_offline", "update_ready", "update", "close", "teachers")}}


def page_texts(extra: dict[str, str] | None = None) -> dict[str, dict[str, str]]:
    """``{lang: {name: template}}`` for the page script: :data:`PAGE_TEXT_CODES` and ``extra``
    (name → catalogue code), in every language, with their places for numbers unfilled."""
    names = {**PAGE_TEXT_CODES, **(extra or {})}
    return {lang: {name: template(code, lang) for name, code in names.items()}
            for lang in LANGS}
