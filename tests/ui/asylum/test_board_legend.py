"""The map of the rules tour says which colour is which seat: one legend entry per
seat, in the colour its party is drawn in; the parties stay the last trace."""

from explorer.ui.asylum import RulesTour
from explorer.ui.asylum.board_plot import seat_colour


def test_the_legend_names_each_seat_in_its_colour():
    tour = RulesTour(players=3, seed=1)
    legend = {t.name: t.marker.color for t in tour.figure.data if (t.name or "").startswith("seat ")}
    assert legend == {f"seat {s}": seat_colour(s) for s in range(3)}
    tour.stepper_widget.next_button.click()  # the opening draw places the parties
    parties = tour.figure.data[-1]
    assert parties.showlegend is False
    for p, colour in zip(tour.stepper.state.parties, parties.marker.color):
        assert legend[f"seat {p.seat}"] == colour
    (output,) = tour.figure.widget.outputs
    names = [t.get("name") for t in output["data"]["application/vnd.plotly.v1+json"]["data"]]
    assert [n for n in names if n and n.startswith("seat ")] == ["seat 0", "seat 1", "seat 2"]
