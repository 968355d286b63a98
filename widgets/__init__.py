"""ipywidgets views of the Kein Stich engine: play, replay, edit rules, quiz and chart in a notebook."""
