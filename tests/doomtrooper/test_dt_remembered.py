"""What the game and the greedy bot remember to go faster gives the answers worked
out afresh: the attack options kept with the warriors, the attack scores worked out
from a kind's remembered weapon and ratings, a sample deck checked once per game,
the points' splits, a state's seats put in one copy; and the copies built by
position are the copies built by field names."""

from __future__ import annotations

import random

import pytest

from dt_helpers import GAME, W, greedy_steps, make_state

from explorer.core.engine import simulate
from explorer.core.protocol import SampledChance
from explorer.doomtrooper.base import attack
from explorer.doomtrooper import views
from explorer.doomtrooper.base.combat_state import TakePoints, splits
from explorer.doomtrooper.bots import GreedyBot, _table
from explorer.doomtrooper.game import DoomtrooperGame
from explorer.doomtrooper.state import Phase


def _fresh_attacks(state):
    """The attack options of ``state`` from a game that remembers nothing yet."""
    return attack.attack_options(DoomtrooperGame(pool=GAME.pool, rules=GAME.rules, decks=GAME.decks), state)


def test_attack_options_kept_with_the_warriors_and_turn():
    state = make_state(warriors=[W("Mortificator Assassin", 0), W("Undead Legionnaire", 1),
                                 W("Centurion of Algeroth", 1)])
    first = attack.attack_options(GAME, state)
    assert first and first == _fresh_attacks(state)
    meditated = state._replace(purses=(state.purses[0] + 1,) + state.purses[1:], actions=state.actions - 1)
    assert attack.attack_options(GAME, meditated) is first  # the same warriors, seat and turn: kept
    # a warrior that came out of cover this turn may not attack: a new turn number asks again
    exited = state._replace(troopers=tuple(t._replace(exited=state.turn + 1) if t.owner == 0 else t
                                           for t in state.troopers), turn=state.turn + 1)
    assert attack.attack_options(GAME, exited) == _fresh_attacks(exited) == ()
    other = state._replace(current=1)
    assert attack.attack_options(GAME, other) == _fresh_attacks(other)


@pytest.mark.parametrize("warriors", [
    [W("Mortificator Assassin", 0), W("Wolfbane Commando", 0, wounded=True), W("Undead Legionnaire", 1),
     W("Centurion of Algeroth", 1, cover=True)],
    # a weapon that takes Armor, and immunities (a side's ratings kept by them, not as its bare ones)
    [W("Cybertronic Chasseur", 0, attached=["Flamethrower"]), W("Mortificator Assassin", 0),
     W("Undead Legionnaire", 1, attached=["Flamethrower"]), W("Cybertronic Chasseur", 1, wounded=True),
     W("Centurion of Algeroth", 1)],
])
def test_attack_scores_from_sides_match_the_full_score(warriors):
    """An attack scored from the two sides remembered per kind (GreedyBot._sides_score) is its
    full score (_attack_score), asked once or again; the best attack is the first of the highest."""
    state = make_state(warriors=warriors)
    bot = GreedyBot()
    attacks = attack.attack_options(GAME, state)
    assert attacks
    base = _table(state, -1, -1, "fight")
    memo = bot._memo_for(GAME)
    sides = {}
    for t in state.troopers:
        sides[t.uid] = bot._sides(GAME, memo, t, GAME.combat.rating_key(base, t))
    best, best_score = None, 0.0
    for o in attacks:
        a, d = state.find(o.attacker), state.find(o.defender)
        full = bot._attack_score(GAME, o, a, d, base)
        sa, sd = sides[a.uid][o.tactic], sides[d.uid][o.tactic]
        assert bot._sides_score(GAME, o, a, d, sa, sd, base) == full
        assert bot._sides_score(GAME, o, a, d, sa, sd, base) == full  # remembered parts
        if full > best_score:
            best, best_score = o, full
    assert GreedyBot().best_attack(GAME, state, attacks) == best


def test_sample_deck_checked_once_per_game_deals_alike():
    game = DoomtrooperGame(pool=GAME.pool, rules=GAME.rules, decks=GAME.decks)
    first, again = game.new_game(2), game.new_game(2)
    assert first == again == DoomtrooperGame(pool=GAME.pool, rules=GAME.rules, decks=GAME.decks).new_game(2)
    assert len(game._checked) <= len(game.decks)
    a = simulate(game, first, GreedyBot(), seed="remembered")
    b = simulate(DoomtrooperGame(pool=GAME.pool, rules=GAME.rules, decks=GAME.decks), again, GreedyBot(),
                 seed="remembered")
    assert a.state == b.state


def test_splits_are_every_way_to_take_the_points():
    assert splits(3) == tuple(TakePoints(k) for k in range(4))
    assert splits(3) is splits(3)
    assert splits(0) == (TakePoints(0),)


def test_with_seats_is_replace_in_one_copy():
    state = make_state(warriors=[W("Undead Legionnaire", 1)], phase=Phase.ACTIONS)
    seats = tuple(reversed(state.seats))
    assert state.with_seats(seats) == state._replace(seats=seats)
    assert state.with_seats(seats, ()) == state._replace(seats=seats, troopers=())


def test_the_one_copy_helpers_are_replace():
    """with_combat, with_actions, seen, with_purses, with_turn, ... build the state by position:
    each must equal the named _replace, whatever fields DTState gains."""
    state = make_state(warriors=[W("Undead Legionnaire", 1)], phase=Phase.ACTIONS)
    seats, troopers = tuple(reversed(state.seats)), ()
    assert state.with_combat("a combat") == state._replace(combat="a combat")
    assert state.with_actions(7) == state._replace(actions=7)
    assert state.seen(seats, troopers, "seen") == state._replace(seats=seats, troopers=troopers, combat="seen")
    assert state.with_phase(Phase.DISCARD) == state._replace(phase=Phase.DISCARD)
    assert state.with_muster(seats, (9,), troopers, 5) == state._replace(seats=seats, purses=(9,), troopers=troopers,
                                                                        next_uid=5)
    seat = state.seats[0]
    assert seat.seen(1, 2, 3, 4) == seat._replace(deck=1, hand=2, discard=3, annihilated=4)
    assert seat.mustered(2, 7) == seat._replace(hand=2, bare_since=7)
    assert seat.with_discard(3) == seat._replace(discard=3)
    purses = tuple(p + 1 for p in state.purses)
    assert state.with_purses(seats, purses) == state._replace(seats=seats, purses=purses)
    assert state.with_turn(seats, Phase.DISCARD, 1, 9, 2, (1,)) == state._replace(
        seats=seats, phase=Phase.DISCARD, current=1, turn=9, actions=2, sabotaged=(1,))


def test_a_combat_view_built_by_position_is_the_named_copy():
    """A player's view of a combat (views.masked_combat, its table and rounds built by
    position) and a table with a card played (Table.played_from) equal the copies built
    by field names, at every combat step of a game."""
    game = DoomtrooperGame(pool=GAME.pool, rules=GAME.rules, decks=GAME.decks)
    state, bot, chance, seen = game.new_game(2), GreedyBot(), SampledChance(random.Random(5)), 0
    for _ in range(600):
        dec = game.decision(state)
        if dec is None:
            break
        c = state.combat
        if c is not None:
            for player in (0, 1):
                table = views._masked_table(c.table, player)
                hands = tuple(h if i == player else views.unseen(h.size) for i, h in enumerate(c.table.hands))
                assert table == c.table._replace(hands=hands, troopers=views.masked_troopers(c.table.troopers, player))
                rounds = None if c.rounds is None else \
                    c.rounds._replace(table=views._masked_table(c.rounds.table, player))
                assert views.masked_combat(c, player) == c._replace(table=table, rounds=rounds)
                assert c.with_rounds(rounds, c.table) == c._replace(rounds=rounds)
                hand = c.table.hands[player]
                for card in hand.distinct:  # a card played (Table.played_from, by position)
                    hands = tuple(h.remove(card) if i == player else h for i, h in enumerate(c.table.hands))
                    assert c.table.played_from(player, card) == c.table._replace(hands=hands)
                seen += 1
        action = dec.options[0] if dec.player is None else bot.choose(game, game.observe(state, dec.player), dec, None)
        state = game.next_state(state, action, chance)
    assert seen > 10


def test_seats_seen_by_one_viewer_in_games_of_other_sizes_are_masked_afresh():
    """One viewer's remembered seat views (views.masked_seats) serve a game of another size
    with its own seats: each as masked afresh, whatever he looked at before."""
    two, three = make_state(hands=(("Tribal Warrior",), ())), make_state(hands=((), ("Tribal Warrior",), ()))
    for state in (two, three, two, three._replace(seats=three.seats[:1] + two.seats[1:] + three.seats[2:])):
        seen = views.masked_seats(state.seats, 1)
        for i, s in enumerate(state.seats):
            hand = s.hand if i == 1 else views.unseen(s.hand.size)
            assert seen[i] == s._replace(deck=views.unseen_deck(len(s.deck)), hand=hand,
                                         discard=views.unseen(s.discard.size), annihilated=views.unseen(s.annihilated.size))
        assert len(seen) == len(state.seats)


def test_hidden_asks_whether_a_warrior_is_hidden():
    """views.hidden, a loop, is any warrior's ``hidden``."""
    state = make_state(warriors=[W("Undead Legionnaire", 1), W("Centurion of Algeroth", 1, cover=True, hidden=True)])
    assert views.hidden(state.troopers) and not views.hidden(state.troopers[:1]) and not views.hidden(())
    assert views.hidden(state.troopers) == any(t.hidden for t in state.troopers)


def test_a_seat_seen_through_the_remembered_views_is_the_masked_seat():
    """A seat as each player sees it (views.masked_seats: the seat views and a draw pile's
    view remembered per object) is the seat with its piles masked afresh: his own hand as
    it is, every other pile an unseen one of its size, at every step of a game."""
    game = DoomtrooperGame(pool=GAME.pool, rules=GAME.rules, decks=GAME.decks)
    state, bot, chance, steps = game.new_game(2), GreedyBot(), SampledChance(random.Random(7)), 0
    while (dec := game.decision(state)) is not None and steps < 400:
        for player in (0, 1):
            for i, (seen, s) in enumerate(zip(views.masked_seats(state.seats, player), state.seats)):
                hand = s.hand if i == player else views.unseen(s.hand.size)
                assert seen == s._replace(deck=views.unseen_deck(len(s.deck)), hand=hand,
                                          discard=views.unseen(s.discard.size),
                                          annihilated=views.unseen(s.annihilated.size))
        action = dec.options[0] if dec.player is None else bot.choose(game, game.observe(state, dec.player), dec, None)
        state, steps = game.next_state(state, action, chance), steps + 1
    assert steps > 100


def test_the_pools_card_sets_and_muster_checks_answer_as_each_card_does():
    """A weapon, a weapon usable in a tactic and a vehicle are read from sets the combat builds once from the
    pool: each set holds exactly the cards whose own properties say so.  A muster check is asked only of the
    warriors of its class (muster.checks): every other warrior of the pool passes it, in any state."""
    from explorer.doomtrooper.base.actions import MUSTER_CHECKS
    from explorer.doomtrooper.cards import TACTICS
    from explorer.doomtrooper.params import override_rules

    combat, pool = GAME.combat, GAME.pool
    weapons = {n for n, c in pool.items() if c.type == "equipment" and c.weapon}
    assert combat.weapon_cards == weapons
    for tactic in TACTICS:
        assert combat._usable[tactic] == {n for n in weapons if pool[n].usable_in(tactic)}
    assert combat._vehicles == {n for n, c in pool.items() if c.type == "equipment" and c.kind == "vehicle"}
    assert [check for _, check in GAME.muster_checks] == [check for _, check in MUSTER_CHECKS]
    for rules in ({}, {"outpost": True}):
        game = DoomtrooperGame(pool=GAME.pool, rules=override_rules(rules), decks=GAME.decks)
        state = game.new_game(2)
        for asked, check in game.muster_checks:
            for name, c in pool.items():
                if c.type == "warrior" and name not in asked:
                    assert check(game, state, 0, name) is None, (rules, name)
            assert asked, "a check with no warrior of its class in the pool"


def _games(*rule_sets):
    """A game under each of ``rule_sets`` (changes to the printed rules), on the tests' pool."""
    from explorer.doomtrooper.params import override_rules
    return [DoomtrooperGame(pool=GAME.pool, rules=override_rules(rules), decks=GAME.decks) for rules in rule_sets]


def test_a_warriors_ratings_with_cards_played_are_his_explained_ratings():
    """The ratings the combat and the bots read with cards played on a warrior (his remembered
    ratings without them, plus what each card adds: standing._plus_played, no terms built) are
    the ratings explain sums term by term, for both combatants at every step of a combat's
    modify step in greedy games under the printed and the optional rules ("Modify Step")."""
    played = 0
    for game in _games({}, {"sabotage": True, "dice": "2d6"}):
        for state, _, _ in greedy_steps(game, range(6)):
            c = state.combat
            if c is not None and c.table.plays:
                table = c.table
                for uid in (table.attacker, table.defender):
                    assert game.combat.ratings(table, uid) == game.combat.explain(table, uid)[0]
                played += 1
    assert played > 20, played


def test_the_expansions_rating_parts_a_game_leaves_out_add_nothing():
    """A game rates warriors with only the expansions' parts its rules can use (Standing.extras):
    every part it leaves out adds no term to either combatant at any combat of greedy games
    under the printed rules and the optional ones (the expansions' switches off); likewise every
    Round Play the combat's option list leaves out (Alliances, first-edition Sergeants) lists nothing."""
    from explorer.doomtrooper.base.actions import switched_on
    from explorer.doomtrooper.base.combat_state import EXTRA_RATINGS, ROUND_PLAYS

    tables = 0
    for game in _games({}, {"sabotage": True, "dice": "2d6"}):
        combat = game.combat
        left_out = [f for f in EXTRA_RATINGS if f not in combat.extras()]
        assert left_out, "every expansion's part kept with the expansions off"
        hooks = [r.options for r in ROUND_PLAYS.values()]
        unplayed = [h for h in hooks if h not in switched_on(hooks, game.rules)]
        assert unplayed, "every Round Play kept with the expansions off"
        for state, _, _ in greedy_steps(game, range(4)):
            if state.combat is None:
                continue
            table = state.combat.live
            for uid in (table.attacker, table.defender):
                for f in left_out:
                    assert not list(f(combat, table, table.trooper(uid))), (f.__name__, uid)
            for seat in range(len(table.hands)):  # the Round Plays the combat leaves out list nothing
                for options in unplayed:
                    assert not options(combat, table, seat)
            tables += 1
    assert tables > 20, tables


def test_a_card_weighed_by_the_bot_rates_the_combatants_as_the_card_played():
    """The greedy bot weighs each card of the modify step on a table that leaves it in the hand
    unpaid for (Combat.weighed: no rating reads a hand or a Destiny pool): both combatants rate
    there as on the table the play itself leaves (Combat.after), for every card it may play at
    every modify step of greedy games under the printed and the optional rules.  And the bot's
    pick, with the combatants and ratings it kept from its last pick (_pair_at), is a fresh bot's."""
    from explorer.doomtrooper.base.combat_state import Play

    weighed = 0
    for game in _games({}, {"sabotage": True, "dice": "2d6"}):
        combat = game.combat
        for state, dec, action in greedy_steps(game, range(6)):
            if state.combat is None or dec.player is None:
                continue
            table = state.combat.live
            for o in dec.options:
                if type(o) is not Play:
                    continue
                try:
                    played = combat.after(table, dec.player, o)
                except (KeyError, ValueError):
                    continue
                seen = combat.weighed(table, dec.player, o)
                for uid in (played.attacker, played.defender):
                    assert combat.ratings(seen, uid) == combat.ratings(played, uid), (o, uid)
                weighed += 1
            assert GreedyBot().choose(game, game.observe(state, dec.player), dec, None) == action
    assert weighed > 50, weighed


def test_a_cards_checked_parameters_read_as_its_model():
    """Card effects (effects.params): the checked parameters read as plain attributes hold the
    values the effect's model validated, once per card, and may not be changed."""
    from explorer.doomtrooper import effects as E
    checked = [c for c in GAME.pool.values() if getattr(c, "effect", None)]
    assert checked
    for c in checked:
        p = E.params(c)
        model = E.REGISTRY[c.effect].Params.model_validate(dict(c.params))
        assert vars(p) == dict(model)
        assert E.params(c) is p
    try:
        p.fight = 99
    except AttributeError as err:
        assert "read-only" in str(err)
    else:
        raise AssertionError("a card's parameters changed")


def test_a_rating_bonus_targets_the_combatants_its_sides_and_classes_name():
    """Card effects (RatingBonus): the combatants a bonus may go to, by side (own, foe, either)
    and class (who, against), as each combatant's owner and classes say."""
    from explorer.doomtrooper import effects as E
    from explorer.doomtrooper.base.combat_context import Context
    state = make_state(warriors=[W("Mortificator Assassin", 0), W("Undead Legionnaire", 1)])
    a, d = state.troopers
    table = _table(state, a.uid, d.uid, "fight")
    ctx = Context(GAME.combat, table)
    classes = sorted(ctx.classes(a.uid) | ctx.classes(d.uid)) + ["any", "Nobody's Class"]
    bonus = E.REGISTRY["rating_bonus"]
    for seat in (0, 1):
        for on in ("own", "foe", "either"):
            for who in classes:
                for against in classes:
                    p = bonus.Params(on=on, who=who, against=against)
                    want = tuple(uid for uid, foe in ((a.uid, d.uid), (d.uid, a.uid))
                                 if (on == "either" or (on == "own") == (ctx.owner(uid) == seat))
                                 and (who == "any" or who in ctx.classes(uid))
                                 and (against == "any" or against in ctx.classes(foe)))
                    assert bonus.targets(ctx, table, seat, p) == want, (seat, on, who, against)


def test_a_rating_key_number_stands_for_its_values():
    """Combat ratings (Standing.rating_key): equal keys get one number, other keys others."""
    state = make_state(warriors=[W("Mortificator Assassin", 0), W("Undead Legionnaire", 1),
                                 W("Undead Legionnaire", 1, cover=True)])
    base = _table(state, -1, -1, "fight")
    a, d, covered = state.troopers
    key = GAME.combat.rating_key
    assert key(base, a) == key(base, a) and key(base, d) == key(_table(state, -1, -1, "fight"), d)
    assert len({key(base, a), key(base, d), key(base, covered)}) == 3


def test_a_warriors_remembered_ratings_are_the_sum_of_his_terms():
    """A warrior's ratings worked out for the memo (Standing._sum with no terms: the numbers
    added as they come, his card and attachments remembered as one sum) are the sum of the
    terms explain lists (Standing.parts), for both combatants at every step of every combat in
    greedy games under the printed rules, the optional ones and the expansions' attachments
    (Relics, Ki Powers, Warzones) ("Modify Step", "Striking First")."""
    from explorer.doomtrooper.base.standing import _NOTHING, _added
    tables = 0
    for game in _games({}, {"sabotage": True, "dice": "2d6"},
                       {"relics": True, "ki_powers": True, "warzones": True, "alliances": True}):
        combat = game.combat
        for state, _, _ in greedy_steps(game, range(5)):
            if state.combat is None:
                continue
            table = state.combat.live
            off = combat.off(table)
            for uid, foe in ((table.attacker, table.defender), (table.defender, table.attacker)):
                t, f = table.trooper(uid), table.trooper(foe)
                assert combat._sum(table, t, f, off, None) == _added(_NOTHING, combat.parts(table, t, f, off))
            tables += 1
    assert tables > 30, tables


def test_blows_at_once_are_the_blows_whatever_how_each_strikes():
    """Striking First: when neither combatant strikes first the blows fall at once, so the
    bots' outlook (outlook.statuses) looks them up by whether each wounds alone: the same
    statuses as the full look-up for every rating, Armor and wound."""
    from explorer.doomtrooper.base.combat_state import Ratings
    from explorer.doomtrooper.outlook import blows, statuses
    combat = GAME.combat
    for attack in range(0, 4):
        for armor in range(1, 4):
            for wounded in ((False, False), (True, False), (False, True), (True, True)):
                ra, rd = Ratings(attack, armor, 1), Ratings(armor, attack + 1, 2)
                want = blows(combat, ra.attack >= rd.armor, 1, ra[3:], rd.attack >= ra.armor, 1, rd[3:], wounded)
                assert statuses(combat, ra, rd, wounded) == want


def test_a_card_carried_by_all_is_refused_to_no_warrior():
    """Equip Warrior: the options skip may_carry for a card it gives every warrior
    (equip.carried_by_all); may_carry refuses such a card to no warrior in play at any step of
    greedy games under the printed rules, the optional ones and Paradise Lost's Beasts."""
    from explorer.doomtrooper.base.equip import carried_by_all, may_carry
    asked = 0
    for game in _games({}, {"sabotage": True, "many_vehicles": True}, {"outpost": True, "relics": True}):
        free = [c for c in game.pool.values() if c.type == "equipment" and carried_by_all(c)]
        others = [c for c in game.pool.values() if c.type == "equipment" and not carried_by_all(c)]
        assert free and others
        for state, _, _ in greedy_steps(game, range(3)):
            for t in state.troopers:
                for c in free:
                    assert may_carry(game, t, c) is None, (c.name, t)
                    asked += 1
    assert asked > 1000, asked


def test_the_attack_chosen_with_kinds_remembered_is_the_attack_chosen_afresh():
    """The greedy bot remembers each warrior's kind (his rating key) while he, his player's
    fortifications and cards in play stay the same objects (bot_memo.GameMemo.kinds): at every
    actions step with attacks of greedy games under the printed rules, the expansions' and the
    first edition's Sergeants (kinds not remembered), the
    attack it picks is the one a bot remembering nothing picks ("Attack" action)."""
    from explorer.doomtrooper.base.attack import Attack
    steps = 0
    for game in _games({}, {"warzones": True, "alliances": True, "relics": True, "ki_powers": True},
                       {"first_edition_sergeants": True}):
        bot = GreedyBot()
        for state, dec, _ in greedy_steps(game, ["kinds-1", "kinds-2"], limit=250):
            attacks = tuple(o for o in dec.options if isinstance(o, Attack))
            if dec.player is None or not attacks:
                continue
            view = game.observe(state, dec.player)
            assert bot.best_attack(game, view, attacks) == GreedyBot().best_attack(game, view, attacks)
            steps += 1
    assert steps > 20


def test_muster_options_are_the_warriors_that_may_enter_play_and_he_can_pay_for():
    """Muster Warrior lists every warrior of his hand that may enter play (muster._musterable,
    the expansions' checks and personalities in play) and whose value his Destiny pays, asked of
    a fresh game at every actions step of greedy games; a hand he can pay for no warrior of lists
    none without asking where they may enter play ("Muster Warrior")."""
    from explorer.doomtrooper.base import muster
    steps = paid = 0
    for game in _games({}, {"warzones": True, "alliances": True}):
        for state, dec, _ in greedy_steps(game, ["muster-1", "muster-2"], limit=250):
            if dec.player is None or state.phase != Phase.ACTIONS or state.combat is not None:
                continue
            fresh = DoomtrooperGame(pool=game.pool, rules=game.rules, decks=game.decks)
            destiny = state.purses[state.purse_of[state.current]]
            expected = [n for n in muster._musterable(fresh, state) if game.pool[n].value <= destiny]
            assert [m.card for m in muster.muster_options(game, state)] == expected
            steps, paid = steps + 1, paid + bool(expected)
    assert steps > 50 and 0 < paid < steps


def test_the_combatants_rated_as_a_pair_are_each_rated_alone():
    """The resolution and the bots rate both combatants in one pass (Standing.pair, its short
    keys when nobody carries a weapon or has a card played on him), or one whose memo missed
    (Standing.fighter with ``missed``): at every combat step of
    greedy games under the printed rules, the expansions' switches and the dice, each rating is
    the one explain sums term by term for him alone ("Combat Resolution")."""
    steps = 0
    for game in _games({}, {"warzones": True, "alliances": True, "relics": True}, {"dice": "2d6"}):
        combat = game.combat
        for state, _, _ in greedy_steps(game, ["pair-1", "pair-2"]):
            c = state.combat
            if c is None:
                continue
            table = c.table
            a, d = table.trooper(table.attacker), table.trooper(table.defender)
            off = combat.off_between(a.card, d.card)
            explained = combat.explain(table, a.uid)[0], combat.explain(table, d.uid)[0]
            assert combat.pair(table, a, d, off) == explained
            # a caller whose own memo missed (the bot's attack memo): worked out, not looked up
            assert combat.fighter(table, a, d, off, missed=True) == explained[0]
            steps += 1
    assert steps > 30, steps


def test_the_modify_steps_options_are_those_a_fresh_game_lists():
    """The combat's option list remembers each Special's plays by target and its last answer
    (Combat._combat_card, _plays): at every combat decision of greedy games under the printed
    rules and the expansions' switches, the options are those a game remembering nothing lists,
    in the same order ("Modify Combat Ratings")."""
    steps = 0
    for game in _games({}, {"warzones": True, "alliances": True, "relics": True, "ki_powers": True}):
        fresh = None
        for state, dec, _ in greedy_steps(game, ["plays-1", "plays-2"]):
            if state.combat is None or dec.player is None:
                continue
            if fresh is None or steps % 7 == 0:  # now and then a game that has seen nothing yet
                fresh = DoomtrooperGame(pool=game.pool, rules=game.rules, decks=game.decks)
            assert fresh.decision(state).options == dec.options
            steps += 1
    assert steps > 30, steps


def test_the_bots_plain_ratings_look_up_the_blows_the_full_enumeration_gives():
    """Striking First, Combat Resolution: the greedy bot scores attacks from plain ratings
    (outlook.plain) and, under the printed rules, one table of every case (how each strikes,
    whether each wounds, the wounds before); for every such case, and under the dice variant,
    the statuses are those the blows enumerated afresh give (outlook.blows over clash)."""
    import itertools

    from explorer.doomtrooper.base.combat_state import Ratings
    from explorer.doomtrooper.outlook import STRIKES, blows, plain, plain_statuses, statuses
    printed, dice = _games({}, {"dice": "2d6"})
    for combat in (printed.combat, dice.combat):
        for sa, sd in itertools.product(STRIKES, repeat=2):
            for attack, armor in ((0, 1), (1, 1), (3, 2), (2, 5)):
                for wounded in itertools.product((False, True), repeat=2):
                    ra, rd = Ratings(attack, armor, 1, *sa), Ratings(armor, attack + 1, 2, *sd)
                    want = blows(combat, ra.attack, ra.armor, sa, rd.attack, rd.armor, sd, wounded)
                    assert statuses(combat, ra, rd, wounded) == want, (sa, sd, attack, armor, wounded)
                    assert plain_statuses(combat, plain(ra), plain(rd), *wounded) == want


def test_the_bots_outlook_and_attack_score_are_their_sums_over_the_enumerated_blows():
    """The greedy bot's modify-step outlook (outlook.outlook_of) and attack score
    (outlook.plain_score) look the printed rules' case up themselves: for every way of striking,
    wound and seat, under the printed rules and the dice, each is its sum over the outcomes the
    blows enumerated afresh give (outlook.blows over clash), Values counted at least 1 in the
    outlook ("Combat Resolution")."""
    import itertools

    from explorer.doomtrooper.base.combat_state import Ratings
    from explorer.doomtrooper.outlook import STRIKES, blows, outlook_of, plain, plain_score
    for game in _games({}, {"dice": "2d6"}):
        combat = game.combat
        for sa, sd in itertools.product(STRIKES, repeat=2):
            for (attack, armor, value), (d_attack, d_armor), wounded in itertools.product(
                    ((0, 1, 0), (1, 1, 2), (3, 2, 1)), ((1, 1), (2, 3), (0, 2)), itertools.product((False, True), repeat=2)):
                ra, rd = Ratings(attack, armor, value, *sa), Ratings(d_attack, d_armor, 2, *sd)
                cases = blows(combat, ra.attack, ra.armor, sa, rd.attack, rd.armor, sd, wounded)
                want = 0
                for p, ha, hd in cases:
                    want += p * (hd * rd.value * 1.2 - ha * ra.value)
                assert plain_score(combat, plain(ra), plain(rd), *wounded) == want
                a, d = make_state(warriors=[W("Mortificator Assassin", 0, wounded=wounded[0]),
                                            W("Undead Legionnaire", 1, wounded=wounded[1])]).troopers
                for seat in (0, 1):
                    sign_a, sign_d = (-1 if seat == 0 else 1), (-1 if seat == 1 else 1)
                    expected = 0.0
                    for p, ha, hd in cases:
                        expected += p * sign_a * ha * max(ra.value, 1)
                        expected += p * sign_d * hd * max(rd.value, 1)
                    assert outlook_of(game, (a, d), (ra, rd), seat) == pytest.approx(expected, abs=1e-12)


def test_a_combat_begun_is_the_combat_its_constructor_builds():
    """CombatState.begun sets every field as the constructor's defaults do (the modify step
    opened, or a combat on to its resolution at once), for the combats of greedy games."""
    from explorer.doomtrooper.base.combat_state import CombatState
    begun = 0
    for state, _, _ in greedy_steps(GAME, ["begun-1"]):
        c = state.combat
        if c is None or c.step not in ("modify", "resolve"):
            continue
        for step, rounds in (("modify", c.rounds), ("resolve", None)):
            made = CombatState.begun(step, c.table, rounds)
            assert made == CombatState(step, c.table, rounds) and repr(made) == repr(CombatState(step, c.table, rounds))
        begun += 1
    assert begun > 5


def test_a_rounds_opening_is_its_starts_state_and_events():
    """A round of card play opened for a host building its own step (Rounds.opening) is the
    state Rounds.start gives, its automatic passes the start's events (untold: none made)."""
    from explorer.doomtrooper.base.combat_state import Table
    opened = 0
    for state, _, _ in greedy_steps(GAME, ["opening-1"]):
        c = state.combat
        if c is None or c.step != "modify":
            continue
        opened += 1
        rounds, table = GAME.combat.rounds, c.table
        assert isinstance(table, Table)
        started = rounds.start(table.order, table)
        told: list = []
        assert rounds.opening(table.order, table, told) == started.state and tuple(told) == started.events
        assert rounds.opening(table.order, table, None) == started.state
    assert opened > 5


def test_unseen_piles_of_any_size_are_one_object_per_size():
    """A pile nobody may look at is one object per size, made at import for the game's sizes and
    when first asked beyond them (views.unseen, unseen_deck); a seat with a pile larger than any
    made yet is seen as masked_seat sees it."""
    from explorer.doomtrooper.views import masked_seats, unseen, unseen_deck
    for n in (0, 3, 255, 256, 700):
        assert unseen(n) is unseen(n) and unseen(n).size == n
        assert unseen_deck(n) is unseen_deck(n) and unseen_deck(n).pile is unseen(n)
    state = make_state(hands=(("Mortificator Assassin",) * 900, ()))
    seen = masked_seats(state.seats, 1)
    assert seen[0].hand is unseen(900) and seen[1].hand == state.seats[1].hand


def test_a_warrior_leaving_play_untold_leaves_the_same_state():
    """"Discard": the fast runner removes a warrior killed in combat without its event
    (``tell=False``); his card and every card attached to him, another seat's too, go
    to their owners' discard piles exactly as when the removal is told."""
    from explorer.doomtrooper.base.warriors import remove

    state = make_state(warriors=[W("Mortificator Assassin", 0, uid=1, attached=[("Violator Sword", 1)]),
                                 W("Undead Legionnaire", 1, uid=2)])
    told, events = remove(GAME, state, 1, GAME.section("combat.status"), "")
    quiet, none = remove(GAME, state, 1, GAME.section("combat.status"), "", tell=False)
    assert events and none == []
    assert quiet == told
    assert "Violator Sword" in told.seats[1].discard and "Mortificator Assassin" in told.seats[0].discard


@pytest.mark.parametrize("variant", ["warzone", "home_turf", "colonization"])
def test_a_variants_places_rate_warriors_as_explained(variant):
    """With a variant's places, whose terms read a warrior's place, its cover and the tactic
    (Standing.rating_key keys the place), the remembered ratings are the ratings explained term
    by term at every combat step of greedy games, and every attack the greedy bot scores from
    its remembered sides scores as in full ("Warzone Variant", "Home Turf Advantage", "Colonization")."""
    from explorer.doomtrooper.base.actions import Attack
    from explorer.doomtrooper.params import override_rules
    game = DoomtrooperGame(rules=override_rules({"variant": variant}))
    bot = GreedyBot()
    combats = scored = 0
    for state, dec, _ in greedy_steps(game, range(3), limit=600):
        c = state.combat
        if c is not None:
            for uid in (c.table.attacker, c.table.defender):
                assert game.combat.ratings(c.table, uid) == game.combat.explain(c.table, uid)[0]
            combats += 1
        attacks = [o for o in dec.options if isinstance(o, Attack)]
        if attacks and state.phase is Phase.ACTIONS:
            base = _table(state, -1, -1, "fight")
            memo = bot._memo_for(game)
            for o in attacks:
                a, d = state.find(o.attacker), state.find(o.defender)
                sa = bot._sides(game, memo, a, game.combat.rating_key(base, a))[o.tactic]
                sd = bot._sides(game, memo, d, game.combat.rating_key(base, d))[o.tactic]
                assert bot._sides_score(game, o, a, d, sa, sd, base) == bot._attack_score(game, o, a, d, base)
                scored += 1
    assert combats > 20 and scored > 50, (combats, scored)
