"""The kamp course server (run by `app/serve.py`); see `app.py` for what it adds to Voilà."""
