"""The teaching layer in plain Python: what a learner's table, the drills and the course pages
do, tested without ipywidgets.  Widgets lay these out and bind clicks; notebooks call them in
one line.  Each module has one job.
"""
