"""``python -m explorer``: every option is checked before the first game is played,
so a mistake is one ``error:`` line and exit 2, with no progress bar before it and
no traceback after a long run (design principle 7: errors a user can act on)."""

from __future__ import annotations

import importlib

import pytest

import explorer.cli as cli
from explorer import whatif
from explorer.cli import main
from explorer.core.data import DataError

# the modules (the package's names ``sweep`` and ``compare`` are the functions)
whatif_sweep = importlib.import_module("explorer.whatif.sweep")
whatif_jobs = importlib.import_module("explorer.whatif.jobs")  # where every what-if run but a sweep plays
SWEEP = ["sweep", "asylum", "--param", "maneuver_target=7,9", "--games", "2", "--scheduler", "serial"]


def one_error(capsys, argv: list[str]) -> str:
    """Run the command line; it must fail with exit 2 and one ``error:`` line
    (a progress bar would be more lines: it writes carriage returns)."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), captured.err
    assert "Traceback" not in captured.err and captured.out == ""
    return lines[0]


@pytest.fixture
def no_games(monkeypatch):
    """Any game played fails the test: the mistake must be found before."""
    def refuse(*args, **kwargs):
        raise AssertionError("a game was played before the mistake was found")

    for module in (whatif_sweep, whatif_jobs):
        monkeypatch.setattr(module, "run_jobs", refuse)
    monkeypatch.setattr("explorer.core.simulation.run_games", refuse)


# -- sweep --out ----------------------------------------------------------------------------------

def test_a_results_file_in_a_missing_folder_is_refused_before_any_game(capsys, tmp_path, no_games):
    line = one_error(capsys, SWEEP + ["--out", str(tmp_path / "no" / "such" / "x.csv")])
    assert "does not exist" in line and "no/such" in line


def test_a_results_file_under_a_file_is_refused_before_any_game(capsys, tmp_path, no_games):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("")
    assert "is a file, not a folder" in one_error(capsys, SWEEP + ["--out", str(a_file / "x.csv")])


@pytest.mark.parametrize("name, says", [("x.txt", "a .parquet or .csv file"), ("folder.csv", "it is a folder")])
def test_a_results_file_of_another_kind_is_refused_before_any_game(capsys, tmp_path, no_games, name, says):
    (tmp_path / "folder.csv").mkdir()
    assert says in one_error(capsys, SWEEP + ["--out", str(tmp_path / name)])


@pytest.mark.parametrize("name, content, says", [
    ("other.csv", "a,b\n1,2\n", "holds no sweep results"),
    ("other.parquet", "not parquet", "cannot be read as parquet"),
])
def test_a_results_file_that_is_not_a_sweep_is_not_overwritten(capsys, tmp_path, no_games, name, content, says):
    """Resuming reads the file back: a file of something else is refused, not replayed over."""
    out = tmp_path / name
    out.write_text(content)
    assert says in one_error(capsys, SWEEP + ["--out", str(out)])
    assert out.read_text() == content


def test_the_results_file_is_checked_by_the_library_too(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        whatif.sweep("asylum", {"maneuver_target": [7]}, games=1, scheduler="serial", progress=False,
                     out=tmp_path / "missing" / "r.parquet")
    assert whatif_sweep.check_out(tmp_path / "r.parquet") == tmp_path / "r.parquet"
    assert list(tmp_path.iterdir()) == []  # the trial write leaves nothing behind


# -- sweep and compare: settings, scheduler, seeds, repeated names ---------------------------------

@pytest.mark.parametrize("argv, says", [
    (SWEEP + ["--setting", "players=9"], "Doom Asylum is for 2 to 6 players, not 9"),
    (SWEEP + ["--setting", "policy=genius"], "unknown policy 'genius'"),
    (["sweep", "victorian", "--param", "turn_cap=20", "--setting", "heroes=foo"], "unknown bot 'foo'"),
    (["sweep", "doomtrooper", "--param", "turn_cap=20", "--setting", "decks=foo"], "1 decks given for 2 players"),
    (["sweep", "doomtrooper", "--param", "variant=beat_down", "--setting", "players=2"],
     "Beat Down is played by 3 players"),
    (["sweep", "doomtrooper", "--param", "turn_cap=20", "--setting", "players=100000"], "at most 12 players"),
    (SWEEP + ["--scheduler", "bogus"], "--scheduler: expected 'serial' or a Dask scheduler address"),
    (SWEEP + ["--scheduler", "tcp://127.0.0.1:99999"], "--scheduler: expected 'serial'"),
    (SWEEP + ["--scheduler", "tcp://"], "--scheduler: expected 'serial'"),
    (SWEEP + ["--scheduler", "inproc://here"], "--scheduler: expected 'serial'"),
    (SWEEP + ["--scheduler", "tcp://nosuchhost.invalid:8786"], "--scheduler tcp://nosuchhost.invalid:8786: nobody"),
    (SWEEP + ["--seed", " "], "--seed: give a number or a word, not a blank"),
    (SWEEP + ["--param", "maneuver_target=8"], "--param maneuver_target is given twice"),
    (SWEEP + ["--setting", "players=3", "--setting", "players=4"], "--setting players is given twice"),
    (["sweep", "asylum", "--param", "maneuver_target=x"], "--param maneuver_target: must be a whole number"),
    (["sweep", "asylum", "--param", "maneuver_target=99"], "--param maneuver_target: 99 is out of range"),
    (SWEEP + ["--games", "10**12"], "games must be 1 to 1_000_000 per variant"),
])
def test_a_sweep_checks_every_option_before_the_progress_bar(capsys, tmp_path, no_games, argv, says):
    """Every setting is tried on one set-up table (players, bots, decks) before any game."""
    assert says in one_error(capsys, argv + ["--out", str(tmp_path / "r.csv")])


def test_a_scheduler_nobody_answers_at_is_refused_before_any_game(capsys, tmp_path, no_games):
    import socket

    with socket.socket() as s:  # a port that was free a moment ago: nobody listens there
        s.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{s.getsockname()[1]}"
    line = one_error(capsys, SWEEP + ["--scheduler", address, "--out", str(tmp_path / "r.csv")])
    assert line.startswith(f"error: --scheduler {address}: nobody answers there")


def variant_file(tmp_path, text: str):
    path = tmp_path / "v.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("text, says", [
    ("", "field 'name': missing"),
    ('[overrides]\nvp_maneuver = 4\n', "field 'name': missing"),
    ('name = " "\n[overrides]\nvp_maneuver = 4\n', "field 'name': missing"),
    ('name = "v"\n', "field 'overrides': missing"),
    ('name = "v"\noverrides = 3\n', "field 'overrides': missing"),
    ('name = "v"\n[overrides]\n', "entry 'v', field 'overrides': empty"),
])
def test_a_variant_file_without_a_name_or_overrides_is_refused(capsys, tmp_path, no_games, text, says):
    """An empty variant would compare the base game with itself and report no difference."""
    path = variant_file(tmp_path, text)
    line = one_error(capsys, ["compare", "asylum", "--variant", str(path)])
    assert line.startswith(f"error: {path}") and says in line


def test_a_variant_equal_to_its_base_is_refused():
    with pytest.raises(ValueError, match="changes nothing the base does not"):
        whatif.compare("asylum", {}, games=2, scheduler="serial", progress=False)
    with pytest.raises(ValueError, match="changes nothing the base does not"):
        whatif.compare("asylum", {"maneuver_target": 7}, base={"maneuver_target": 7}, games=2, scheduler="serial",
                       progress=False)


@pytest.mark.parametrize("options, says", [
    (["--setting", "policy=genius"], "unknown policy 'genius'"), (["--setting", "players=1"], "2 to 6 players, not 1"),
    (["--setting", "masterminds=best"], "masterminds"),
    (["--games", "1e7"], "games must be 1 to 1_000_000 per variant (every game's values are kept), not 10000000"),
])
def test_compare_checks_its_settings_before_any_game(capsys, tmp_path, no_games, options, says):
    path = variant_file(tmp_path, 'name = "v"\n[overrides]\nvp_maneuver = 4\n')
    assert says in one_error(capsys, ["compare", "asylum", "--variant", str(path), *options])


# -- app --port ------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, says", [
    (["app", "--port", "-1"], "--port: a port is 1 to 65535 (or 0: any free port), not -1"),
    (["app", "--port", "70000"], "--port: a port is 1 to 65535 (or 0: any free port), not 70000"),
    (["app", "--port", "http"], "--port: expected a port number, not 'http'"),
    (["app", "--pool", "-1"], "--pool: must be 0 to 8"),
    (["app", "--pool", "1000"], "--pool: must be 0 to 8"),
])
def test_app_ports_and_pools_have_a_range(capsys, monkeypatch, argv, says):
    monkeypatch.setattr(cli, "run_child", lambda *a, **k: pytest.fail("the app was started"))
    assert says in one_error(capsys, argv)


@pytest.mark.parametrize("given, served", [("0", "free"), ("1", "1"), ("65535", "65535")])
def test_app_serves_on_the_port_given_or_a_free_one(capsys, monkeypatch, given, served):
    """``--port 0`` (the default) is any free port, printed."""
    calls = []
    monkeypatch.setattr(cli, "free_port", lambda port=0: port or 43210)
    monkeypatch.setattr(cli, "run_child", lambda cmd, env=None: calls.append(cmd) or 0)
    assert main(["app", "--port", given]) == 0
    port = "43210" if served == "free" else served
    assert f"--port={port}" in calls[0] and f"127.0.0.1:{port}/" in capsys.readouterr().out


def test_app_refuses_a_port_something_serves_on(capsys, monkeypatch):
    import socket

    monkeypatch.setattr(cli, "run_child", lambda *a, **k: pytest.fail("the app was started"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert one_error(capsys, ["app", "--port", str(port)]).startswith(f"error: --port {port}: cannot serve there")
    assert cli.free_port() > 0


# -- simulate --players ----------------------------------------------------------------------------

@pytest.mark.parametrize("argv, says", [
    (["simulate", "doomtrooper", "--players", "100000"], "--players 100000: a run seats at most 12 players"),
    (["simulate", "doomtrooper", "--players", "13"], "at most 12 players"),
    (["simulate", "doomtrooper", "--players", "1"], "a game needs at least 2 players, not 1"),
    (["simulate", "doomtrooper", "--players", "-5"], "a game needs at least 2 players, not -5"),
    (["simulate", "doomtrooper", "--variant", "beat_down", "--players", "4"], "Beat Down is played by 3 players"),
    (["simulate", "doomtrooper", "--variant", "front_lines", "--players", "3"], "Front Lines is played by 4 players"),
    (["simulate", "doomtrooper", "--variant", "colonization", "--players", "12"], "Colonization is for 2 to"),
    (["simulate", "asylum", "--players", "100000"], "at most 12 players"),
    (["simulate", "asylum", "--players", "7"], "Doom Asylum is for 2 to 6 players, not 7"),
    (["simulate", "asylum", "--rule", "turn_cap=5", "--rule", "turn_cap=6"], "--rule turn_cap is given twice"),
    (["simulate", "asylum", "--seed", ""], "--seed: give a number or a word, not a blank"),
])
def test_players_are_checked_against_the_game_before_any_game(capsys, argv, says):
    """Number of Players (section ``players``): Doomtrooper is for two or more, any number;
    a variant's '# of players' and Colonization's starting warzones (``variants.colonization.start``)
    narrow it; a run seats at most 12 (ours: a table of thousands would play for hours)."""
    assert says in one_error(capsys, argv + ["--games", "1"])


def test_the_largest_table_plays(capsys):
    """Multi-Player Games (section ``multiplayer``): twelve players at one table make a game."""
    assert main(["simulate", "doomtrooper", "--players", "12", "--games", "1", "--seed", "1"]) == 0
    assert "12 players" in capsys.readouterr().out


# -- lab --notebook --------------------------------------------------------------------------------

@pytest.mark.parametrize("notebook", ["/etc/passwd", "../../etc/passwd", "README.md", "notebooks"])
def test_lab_opens_only_a_notebook_of_the_checkout(capsys, monkeypatch, notebook):
    monkeypatch.setattr(cli, "run_child", lambda *a, **k: pytest.fail("JupyterLab was started"))
    assert f"no notebook {notebook!r}" in one_error(capsys, ["lab", "--notebook", notebook])


def test_a_bad_variant_value_names_the_file_not_a_dict(tmp_path):
    path = variant_file(tmp_path, 'name = "v"\n[overrides]\nmaneuver_target = 1\n')
    with pytest.raises(DataError) as err:
        whatif.compare("asylum", path, games=2, scheduler="serial", progress=False)
    assert err.value.file == str(path)


@pytest.mark.parametrize("text, says", [
    ('name = "v"\n[overrides]\nmaneuver_target = [7, 8]\n', "must be a number, true/false or text, not [7, 8]"),
    ('name = "v"\n[overrides]\nvillain.Oscar.mental_attack = 3\n',
     'is a table: quote a dotted name ("villain.Oscar.mental_attack" = ...)'),
])
def test_a_variant_override_is_one_value(capsys, tmp_path, no_games, text, says):
    path = variant_file(tmp_path, text)
    assert says in one_error(capsys, ["compare", "asylum", "--variant", str(path)])


def test_a_sweep_value_given_twice_is_refused(capsys, tmp_path, no_games):
    """Each point of a sweep is played once: a repeated value would be a second, identical row."""
    line = one_error(capsys, ["sweep", "asylum", "--param", "maneuver_target=7,7", "--out", str(tmp_path / "r.csv")])
    assert "'maneuver_target' has the value 7 twice" in line


@pytest.mark.parametrize("argv, help_of", [
    (["simulate", "asylum", "--bogus"], "simulate asylum"), (["check", "asylum", "victorian"], "check"),
    (["odds", "Oscar", "Gargantua", "1"], "odds"),
])
def test_an_unknown_argument_points_to_the_command_s_help(capsys, argv, help_of):
    assert one_error(capsys, argv).endswith(f"(see 'python -m explorer {help_of} --help')")


@pytest.mark.parametrize("where", ["/proc/no-logs-here", "/proc/self"])
def test_a_log_folder_that_cannot_be_written_is_refused_before_any_game(capsys, where):
    """The logs are written after the games: the folder is tried first."""
    assert f"--log {where}: cannot write there" in one_error(capsys, ["simulate", "asylum", "--log", where])


def test_trying_a_new_log_folder_leaves_nothing_behind(tmp_path, capsys):
    folder = tmp_path / "logs"
    one_error(capsys, ["simulate", "asylum", "--players", "7", "--log", str(folder)])
    assert not folder.exists()


def test_a_results_file_of_another_sweep_is_not_overwritten(capsys, tmp_path):
    """Resuming: a file holding a sweep of other rules is refused, not replaced by the new points."""
    out = tmp_path / "r.csv"
    assert main(SWEEP + ["--out", str(out)]) == 0
    before = out.read_text()
    capsys.readouterr()
    line = one_error(capsys, ["sweep", "asylum", "--param", "vp_maneuver=3", "--games", "2", "--scheduler", "serial",
                              "--out", str(out)])
    assert "holds a sweep of maneuver_target, not of vp_maneuver" in line
    assert out.read_text() == before


@pytest.mark.parametrize("name, says", [("x.txt", "write results to a .parquet or .csv file"),
                                        ("folder.csv", "it is a folder"), ("no/x.csv", "/no' does not exist")])
def test_the_cards_table_file_is_checked_before_any_game(capsys, tmp_path, monkeypatch, name, says):
    """``cards --out``: a file that cannot be written is said before any game is played."""
    import importlib

    card_stats = importlib.import_module("explorer.whatif.card_stats")  # the module, not its function
    monkeypatch.setattr(card_stats, "run_jobs", lambda *a, **k: pytest.fail("a game was played"))
    (tmp_path / "folder.csv").mkdir()
    assert says in one_error(capsys, ["cards", "victorian", "--games", "2", "--out", str(tmp_path / name)])
