"""The rule editor: choose or write a contract, simulate many deals with bots, see the penalty chart.

::

    from keinstich_widgets.editor import RuleEditor
    RuleEditor("kein-stich", "no-hearts", deals=500)

Pick a game and a contract, or "Custom…" to build your own from rows — so much per trick, per card of
a suit, of a rank or one card, or for a trick by its number (1 = first, -1 = last) — which become a
:class:`keinstich.contracts.Contract`. Choose the players, the pack and the bots; the form shows the
contract's one-line description and what a whole deal hands out. "Run" calls
:func:`keinstich.sim.simulation.simulate` in a background thread with a progress bar; "Stop" cuts it short
(the deals finished so far are kept); the chart of :func:`keinstich.sim.charts.penalty_distribution` is
redrawn when it ends. A form the engine refuses (7 players on 24 cards, a bad card code) shows the
engine's message and runs nothing.
"""

from __future__ import annotations

import html
import io
import threading
from typing import Any

import ipywidgets as widgets

from keinstich.cards import PACK_IDS, Lang, pack
from keinstich.contracts import Contract, ContractError
from keinstich.limits import LimitError, seed_from_text
from keinstich.wording.i18n import _, ngettext, number, pgettext
from keinstich.wording.names import unit_word

from ._component_row import KINDS, ComponentRow, rows_of
from ._games import (
    Setup,
    SetupError,
    contract_ids,
    contract_name,
    default_contract,
    game_ids,
    game_of,
    players_named,
    resolve,
)
from ._guard import MessageArea, guard, report
from ._picture import Picture
from ._table_parts import game_name
from ._words import language_of, speaking, speaks, thread

__all__ = ["KINDS", "ComponentRow", "RuleEditor"]

CUSTOM = "custom"


class RuleEditor(widgets.VBox):  # type: ignore[misc]
    """Choose game, contract (or a custom one), players, pack and bots; Run simulates and draws the chart.

    ``synchronous`` runs the simulation inside the Run click (for tests); otherwise it runs in a
    thread and Stop cuts it short. After a run, :attr:`frame` holds the simulate() DataFrame.
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"RuleEditor({self.game_box.value}, {self.contract_box.value})"


    def __init__(self, game: str = "kein-stich", contract: Any = "no-hearts", *,
                 deals: int = 500, bots: str = "heuristic", seed: int | str = 0, players: int | None = None,
                 pack: str | None = None, by: str = "contract", synchronous: bool = False,
                 lang: Lang | None = None) -> None:
        super().__init__()
        self.lang: Lang = language_of(lang)
        with speaking(self.lang):
            self._setup(game, contract, deals, bots, seed, players, pack, by, synchronous)

    def _setup(self, game: str, contract: Any, deals: int, bots: str, seed: int | str, players: int | None,
               pack: str | None, by: str, synchronous: bool) -> None:
        game = game_of(game).id
        self.synchronous = synchronous
        self.messages = MessageArea()
        self.frame: Any = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._running = False
        self._lock = threading.RLock()
        self._quiet = True
        self._build(game, deals, bots, seed, players, pack, by)
        if contract is not None and not isinstance(contract, str):
            self._custom_from(contract)
        elif contract is not None:
            if f"{game}-{contract}" in contract_ids(game):
                contract = f"{game}-{contract}"
            if contract not in contract_ids(game) and contract != CUSTOM:
                raise SetupError(_("unknown contract {contract} for {game}: use one of {contracts} or 'custom'",
                                   contract=repr(contract), game=game, contracts=", ".join(contract_ids(game))))
            self.contract_box.value = contract
        self._quiet = False
        self._form_changed()

    # --- the form ----------------------------------------------------------------------------------

    def _build(self, game: str, deals: int, bots: str, seed: int | str, players: int | None, pack: str | None,
               by: str) -> None:
        s = {"description_width": "70px"}
        self.game_box = widgets.Dropdown(options=[(game_name(g), g) for g in game_ids()], value=game,
                                         description=_("Game"), style=s)
        self.contract_box = widgets.Dropdown(options=self._contract_options(game), value=default_contract(game),
                                             description=_("Contract"), style=s, layout=widgets.Layout(width="420px"))
        self.rows = widgets.VBox([])
        self.add_row_button = widgets.Button(description=_("Add row"), icon="plus")
        self.add_row_button.on_click(self._on_add_row)
        self.custom_name = widgets.Text(value=_("My contract"), description=_("Name"), style=s)
        custom = html.escape(_("Custom contract: what the winner of a trick pays (Kein Stich, pfennig) or scores "
                               "(Herzeln, points), row by row"))
        self.custom_box = widgets.VBox([widgets.HTML(custom), self.custom_name, self.rows, self.add_row_button],
                                       layout=widgets.Layout(display="none"))
        self.players_box = widgets.IntText(value=players if players is not None else 4, description=_("Players"),
                                           style=s, layout=widgets.Layout(width="150px"))
        self.pack_box = widgets.Dropdown(options=[(_("usual pack"), "")] + [(p, p) for p in PACK_IDS],
                                         value=pack or "", description=_("Pack"), style=s)
        self.bots_box = widgets.Dropdown(options=[(pgettext("bot", "random"), "random"),
                                                  (pgettext("bot", "heuristic"), "heuristic"),
                                                  (_("Monte Carlo (40 samples, slow)"), "montecarlo:samples=40")],
                                         value=bots if bots in ("random", "heuristic") else "heuristic",
                                         description=_("Bots"), style=s)
        if bots not in ("random", "heuristic", "montecarlo:samples=40"):
            self.bots_box.options = [*self.bots_box.options, (bots, bots)]
            self.bots_box.value = bots
        self.deals_box = widgets.IntText(value=deals, description=_("Deals"), style=s,
                                         layout=widgets.Layout(width="170px"))
        self.seed_box = widgets.Text(value=str(seed), description=_("Seed"), style=s,
                                     layout=widgets.Layout(width="170px"))
        self.by_box = widgets.Dropdown(options=[(_("by contract"), "contract"), (_("by seat"), "seat"),
                                                (_("by bot"), "bot")], value=by, description=_("Chart"), style=s)
        self.description = widgets.HTML()
        self.run_button = widgets.Button(description=_("Run"), icon="play", button_style="success")
        self.stop_button = widgets.Button(description=_("Stop"), icon="stop", button_style="danger", disabled=True)
        self.progress = widgets.IntProgress(value=0, min=0, max=deals if deals > 0 else 1, description=_("Deals"),
                                            style=s, layout=widgets.Layout(width="360px"))
        self.progress_text = widgets.HTML()
        self.summary = widgets.HTML()
        self.chart = Picture(max_width="760px")
        self.run_button.on_click(self._on_run)
        self.stop_button.on_click(self._on_stop)
        self.game_box.observe(self._on_game, "value")
        self.contract_box.observe(self._on_contract, "value")
        for w in (self.players_box, self.pack_box, self.custom_name):
            w.observe(lambda _c: self._form_changed(), "value")
        self.children = [
            widgets.HBox([self.game_box, self.contract_box], layout=widgets.Layout(flex_flow="row wrap")),
            self.custom_box,
            widgets.HBox([self.players_box, self.pack_box, self.bots_box], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.deals_box, self.seed_box, self.by_box], layout=widgets.Layout(flex_flow="row wrap")),
            self.description,
            widgets.HBox([self.run_button, self.stop_button, self.progress, self.progress_text],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.summary, self.chart, self.messages]

    def _contract_options(self, game: str) -> list[tuple[str, str]]:
        opts = [(contract_name(game, c), c) for c in contract_ids(game)]
        if self._base(game) is not None:
            opts.append((_("Custom…"), CUSTOM))
        return opts

    @staticmethod
    def _base(game: str) -> Contract | None:
        """The game's first contract, if it is made of components: a custom contract copies its
        trick rules, unit and stake (None: the game has no contracts to write, as Herzblatt)."""
        g = game_of(game)
        base = g.contract(default_contract(g))
        return base if isinstance(getattr(base, "components", None), tuple) else None

    @guard
    def _on_game(self, change: dict[str, Any]) -> None:
        game = change["new"]
        self._quiet = True
        try:
            g = game_of(game)
            self.contract_box.options = self._contract_options(game)
            self.contract_box.value = default_contract(game)
            named = players_named(game, self.contract_box.value)
            if named is not None:
                self.players_box.value = named
            elif self.players_box.value not in g.player_counts:
                self.players_box.value = 4 if 4 in g.player_counts else g.player_counts[0]
            if self.pack_box.value and pack(self.pack_box.value).id not in g.packs(self.players_box.value):
                self.pack_box.value = ""
        finally:
            self._quiet = False
        self._form_changed()

    @guard
    def _on_contract(self, change: dict[str, Any]) -> None:
        named = players_named(self.game_box.value, change["new"]) if change["new"] != CUSTOM else None
        if named is not None:
            self._quiet, quiet = True, self._quiet
            self.players_box.value = named  # a preset names its player count
            self._quiet = quiet
        if change["new"] == CUSTOM:
            old = change["old"]
            base: Any = None
            if old and old != CUSTOM:
                try:
                    base = resolve(self.game_box.value, old, None, None).contract
                except ValueError:
                    base = None
            if not self.rows.children:
                try:
                    self._set_rows(rows_of(base))
                    self.custom_name.value = _("My {contract}", contract=base.title())
                except (ContractError, AttributeError):
                    self._set_rows([("trick", "", 5)])
        self._form_changed()

    def _custom_from(self, contract: Any) -> None:
        self.contract_box.value = CUSTOM
        self._set_rows(rows_of(contract))
        self.custom_name.value = contract.name

    def _set_rows(self, rows: list[tuple[str, str, int]]) -> None:
        self.rows.children = [ComponentRow(k, w, a, self._form_changed, self._remove_row) for k, w, a in rows]
        self._form_changed()

    @guard
    def _on_add_row(self, _button: Any = None) -> None:
        self.rows.children = [*self.rows.children,
                              ComponentRow("suit", "H", 5, self._form_changed, self._remove_row)]
        self._form_changed()

    def add_row(self, kind: str = "suit", what: str = "H", amount: int = 5) -> ComponentRow:
        """Add a row to the custom contract (as the Add row button does) and return it."""
        row = ComponentRow(kind, what, amount, self._form_changed, self._remove_row)
        self.rows.children = [*self.rows.children, row]
        self._form_changed()
        return row

    def _remove_row(self, row: ComponentRow) -> None:
        self.rows.children = [r for r in self.rows.children if r is not row]
        self._form_changed()

    # --- reading the form ----------------------------------------------------------------------------

    def custom_contract(self) -> Contract:
        """The contract the custom rows describe (refused when there is no row, or a row is wrong)."""
        rows = [r for r in self.rows.children if isinstance(r, ComponentRow)]
        if not rows:
            raise ContractError(_("the custom contract is empty: add at least one row (e.g. 5 per card of suit H) — a "
                                  "contract that costs nothing has nothing to show"))
        comps = tuple(r.component() for r in rows)
        game = self.game_box.value
        base = self._base(game)
        if base is None:
            raise SetupError(_("{game} has no contracts made of rows: pick one of its contracts",
                               game=game_of(game).name))
        name = self.custom_name.value.strip() or _("My contract")
        return Contract("custom", name, comps, rules=base.rules, unit=base.unit, stake=base.stake, game=game)

    def setup(self) -> Setup:
        """The form as a checked setup: the engine's message if it does not make sense."""
        game = self.game_box.value
        cid = self.contract_box.value
        contract = self.custom_contract() if cid == CUSTOM else cid
        return resolve(game, contract, int(self.players_box.value), self.pack_box.value or None, style="german")

    def _form_changed(self) -> None:
        if self._quiet:
            return
        custom = self.contract_box.value == CUSTOM
        display = "" if custom else "none"
        if self.custom_box.layout.display != display:
            self.custom_box.layout.display = display
        try:
            setup = self.setup()
        except ValueError as e:
            self.description.value = ""
            report(self.messages, e, "form")
            self.run_button.disabled = True
            return
        self.run_button.disabled = self._running
        if not self._running:
            self.messages.clear()
        self.description.value = f"<div>{html.escape(self.describe(setup))}</div>"

    def describe(self, setup: Setup | None = None) -> str:
        """The contract in one line and what one whole deal hands out."""
        setup = setup or self.setup()
        c = setup.contract
        if callable(getattr(c, "total", None)):  # a contract that hands out a fixed total a deal
            total = c.total(setup.pack, setup.players)
            fields = {"contract": c.describe(setup.pack.style), "total": total, "players": setup.players,
                      "pack": setup.pack.id, "cards": setup.hand_size}
            if c.unit == "pfennig":
                return _("{contract} — every deal hands out {total} pf in all ({players} players, {pack}, {cards} "
                         "cards each)", **fields)
            return _("{contract} — every deal hands out {total} points in all ({players} players, {pack}, {cards} "
                     "cards each)", **fields)
        return setup.describe()

    # --- running --------------------------------------------------------------------------------------

    @guard
    def _on_run(self, _button: Any = None) -> None:
        self.run()

    @speaks
    def run(self) -> None:
        """Simulate the form's setup (in a thread unless ``synchronous``); the chart follows."""
        with self._lock:
            if self._running:
                raise SetupError(_("a simulation is running: press Stop first, or wait for it"))
            setup = self.setup()
            deals = int(self.deals_box.value)
            if deals < 1:
                raise SetupError(_("deals must be 1 or more, not {deals}", deals=deals))
            seed = self._seed()
            contract: Any = setup.contract
            kwargs = {"deals": deals, "game": setup.game, "players": setup.players, "pack": setup.pack.id,
                      "bots": self.bots_box.value, "seed": seed}
            self._stop.clear()
            self._running = True
            self.run_button.disabled = True
            self.stop_button.disabled = False
            self.progress.max = deals
            self.progress.value = 0
            self.progress_text.value = f"0 / {deals}"
            self.messages.info(_("running…"))
        if self.synchronous:
            self._simulate(contract, kwargs)
        else:
            self._thread = thread(self._simulate, contract, kwargs, name="keinstich-rule-editor")
            self._thread.start()

    def _seed(self) -> int | str:
        """The seed box: a whole number or a word such as lesson-3 (empty is 0), else a clear refusal."""
        text = self.seed_box.value.strip()
        try:
            return seed_from_text(text) if text else 0
        except LimitError as e:
            raise SetupError(_("Seed: {error}", error=e)) from None

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done
        self.progress_text.value = f"{done} / {total}"

    def _simulate(self, contract: Any, kwargs: dict[str, Any]) -> None:
        from keinstich.sim.charts import penalty_distribution
        from keinstich.sim.simulation import simulate

        try:
            frame = simulate(contract, progress=self._progress, cancel=self._stop.is_set, **kwargs)
            name = getattr(contract, "name", None)  # a custom contract's panel shows its name, not "custom"
            figure = (penalty_distribution(frame, by=self.by_box.value, names={CUSTOM: name} if name else None)
                      if len(frame) else None)
            png = b""
            if figure is not None:
                buf = io.BytesIO()
                figure.savefig(buf, format="png", dpi=90)
                png = buf.getvalue()
        except Exception as e:
            with self._lock:
                self._finish()
                report(self.messages, e, "simulation")
            return
        with self._lock:
            self.frame = frame
            done = int(frame["deal"].nunique()) if len(frame) else 0
            if png:
                self.chart.show(png)
            self.summary.value = self._summary_html(frame)
            self._finish()
            if frame.attrs.get("cancelled"):
                self.messages.info(_("stopped after {done} of {n} deals; the chart shows those", done=done,
                                     n=kwargs["deals"]))
            else:
                self.messages.ok(ngettext("done: {n} deal", "done: {n} deals", done))

    def _finish(self) -> None:
        self._running = False
        self.stop_button.disabled = True
        self.run_button.disabled = False
        self._form_changed()

    def _summary_html(self, frame: Any) -> str:
        if not len(frame):
            return f"<i>{html.escape(_('no deal finished'))}</i>"
        unit = str(frame["unit"].iloc[0])
        means = frame.groupby("seat")["score"].mean()
        cells = "".join(f"<td>{html.escape(_('seat {n}:', n=s))} <b>{number(m, 1)}</b></td>" for s, m in means.items())
        head = _("mean {unit} per deal:", unit=unit_word(unit))
        return f"<table><tr><td>{html.escape(head)}</td>{cells}</tr></table>"

    @guard
    def _on_stop(self, _button: Any = None) -> None:
        self.stop()

    def stop(self) -> None:
        """Cut the running simulation short (it keeps the deals finished so far)."""
        if not self._running:
            raise SetupError(_("nothing is running: press Run first"))
        self._stop.set()
        self.stop_button.disabled = True
        self.messages.info("stopping…")

    @property
    def running(self) -> bool:
        return self._running

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Wait for a running simulation to end; True when idle."""
        t = self._thread
        if t is not None:
            t.join(timeout)
        return not self._running
