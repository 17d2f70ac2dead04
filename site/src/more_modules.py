"""Modules the browser edition left out of its first download, fetched when first imported.

The first download holds the modules the site's pages were measured to import
(scripts/site_payload.py); every other module of the standard library and the wheels lies in
one more archive.  This finder, last on ``sys.meta_path``, answers for exactly those modules: the
first time Python asks for one, it fetches the archive (a synchronous request, which a worker
may make: an import cannot wait for a promise), and from then on imports from it as from any
zip on the path.  The kernel worker runs this file before the kernel starts
(site/src/kernel.worker.js).
"""

import sys
import zipimport

ARCHIVE = "/lib/kamp_more.zip"


class MoreModules:
    """Finds the modules of the archive at ``url`` (their names are ``names``)."""

    def __init__(self, url, names):
        self.url = url
        self.names = frozenset(names)
        self.fetched = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.names:
            return None
        if not self.fetched:
            self._fetch(fullname)
        package = fullname.rpartition(".")[0]
        where = "/".join([ARCHIVE, *package.split(".")]) + "/" if package else ARCHIVE + "/"
        return zipimport.zipimporter(where).find_spec(fullname)

    def _fetch(self, fullname):
        from js import XMLHttpRequest

        request = XMLHttpRequest.new()
        request.open("GET", self.url, False)
        request.responseType = "arraybuffer"
        try:
            request.send(None)
        except Exception as error:  # the network: a JavaScript NetworkError
            raise ImportError(f"{fullname}: {self.url} could not be fetched ({error})",
                              name=fullname) from None
        if request.status != 200:
            raise ImportError(f"{fullname}: {self.url} answered {request.status}", name=fullname)
        with open(ARCHIVE, "wb") as archive:
            archive.write(request.response.to_bytes())
        self.fetched = True
        # for the developer (the page shows the console's warnings, never the learner): the
        # module that benchmarks/site_imports.py did not see imported
        print(f"more_modules: {fullname} fetched {self.url}", file=sys.stderr)


def install_more_modules(url, names):
    """Put the finder last on the import path (``names`` may be a JavaScript array)."""
    names = names.to_py() if hasattr(names, "to_py") else names
    sys.meta_path.append(MoreModules(url, names))
