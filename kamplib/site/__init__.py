"""The site around the course: its pages in order and the links between them (:mod:`.pages`,
:mod:`.map`, :mod:`.front`), and what a page needs from where it runs: the URL's query in a
Voilà kernel (:mod:`.query`), games played beside the page in a thread or a Web Worker
(:mod:`.background`), and the browser edition's own words (:mod:`.browser`).

The teaching layer below knows nothing of pages, kernels or browsers; the widgets above lay
these out.
"""
