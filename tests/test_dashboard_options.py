"""The experiments dashboard makes its option controls from the options the rule sets
declare: a control of the option's kind for each option of each rule set ticked, labelled
by its name and worded by its title, so that a rule set declaring a new option gets a
control with no change to the app. These tests drive the app object, as
tests/test_dashboard.py does."""

import dataclasses
import html

import pytest

import landlord.widgets.dashboard.controls as controls
import landlord.widgets.dashboard.specs as specs
from landlord.rules import load_rules, registered
from landlord.rules.model import Option, Provenance
from landlord.views.rule_options import SHARE_STEPS, on_a_step, option_label
from landlord.widgets.dashboard import ExperimentsApp

#: The widget each kind of option is offered with.
WIDGETS = {"bool": "Checkbox", "choice": "Dropdown", "share": "Dropdown", "int": "IntText"}


@pytest.fixture(scope="module")
def every_rule_set():
    """The app with every registered rule set ticked, its options unfolded."""
    app = ExperimentsApp(rules=tuple(registered()))
    app.rule_options.fold.selected_index = 0
    return app


def test_every_option_a_rule_set_declares_has_a_control_of_its_kind(every_rule_set):
    app = every_rule_set
    shown = html.unescape(str([row.children[1].value for row in _rows(app)]))
    count = 0
    for rules_id in registered():
        for option in load_rules(rules_id).declared_options:
            made = app.option_control(rules_id, option.name)
            assert type(made).__name__ == WIDGETS[option.kind], (rules_id, option.name)
            assert made.description == option_label(option)
            assert f"landlord-option-{rules_id}-{option.name}" in made._dom_classes
            if option.kind == "share":
                assert [value for _, value in made.options] == list(SHARE_STEPS)
                assert made.value == on_a_step(option.default)
            else:
                assert made.value == option.default
            if option.kind == "choice":
                assert [value for _, value in made.options] == list(option.choices)
            # Its title, as the rule data words it, and the status of its source.
            assert option.title in shown
            assert f"({option.provenance.status}" in shown
            count += 1
    assert count > 50


def _rows(app):
    """The rows of option controls on screen: (the control in its column, its words)."""
    for section in app.rule_options.fold.children[0].children:
        yield from section.children[1:]


def test_the_options_fold_away_and_say_what_is_set():
    app = ExperimentsApp(rules=("landlords_game", "single_tax"))
    fold = app.rule_options.fold
    assert fold.selected_index is None  # folded: the page looks as it did
    assert app.rule_options.controls == {}  # and none of the controls is made yet
    assert fold.get_title(0) == "Options of the rule sets ticked: as printed"
    assert app.settings()["specs"] == [("landlords_game", {}), ("single_tax", {})]
    fold.selected_index = 0
    assert set(app.rule_options.controls) == {"landlords_game", "single_tax"}
    app.option_control("landlords_game", "land_value_tax").value = 0.5
    app.option_control("single_tax", "advanced").value = True
    assert fold.get_title(0) == (
        "Options of the rule sets ticked: The Landlord's Game with land value tax 50%; "
        "The Landlord's Game under the Single Tax with advanced"
    )
    assert app.settings()["specs"] == [
        ("landlords_game", {"land_value_tax": 0.5}),
        ("single_tax", {"advanced": True}),
    ]
    # A rule set unticked keeps its settings, and they are not played.
    app.rule_boxes["single_tax"].value = False
    assert app.settings()["specs"] == [("landlords_game", {"land_value_tax": 0.5})]
    assert len(fold.children[0].children) == 1
    app.rule_boxes["single_tax"].value = True
    assert app.option_control("single_tax", "advanced").value is True


def test_options_given_to_the_app_go_to_the_rule_sets_that_declare_them_and_open_the_fold():
    app = ExperimentsApp(
        rules=("landlords_game", "monopoly_us"),
        options={"round_limit": 50, "monopoly_us": {"purchase": "auction"}},
    )
    assert app.rule_options.fold.selected_index == 0
    assert app.settings()["specs"] == [
        ("landlords_game", {"round_limit": 50}),
        ("monopoly_us", {"round_limit": 50, "purchase": "auction"}),
    ]


def test_a_link_sets_any_declared_option_read_by_its_kind():
    app = ExperimentsApp.from_page(
        {
            "rules": "landlords_game,property",
            "advanced": "yes",
            "round_limit": "60",
            "bankruptcies_to_end": "2",
            "treasury_spends": "everything",
        }
    )
    assert "left out" not in app.status.value
    assert app.settings()["specs"] == [
        ("landlords_game", {"advanced": True, "round_limit": 60, "treasury_spends": "everything"}),
        ("property", {"bankruptcies_to_end": 2, "round_limit": 60}),
    ]
    bad = ExperimentsApp.from_page({"advanced": "perhaps", "purchase": "barter"})
    said = html.unescape(bad.status.value)
    assert "The link's advanced 'perhaps' was left out: not yes or no." in said
    assert "The link's purchase 'barter' was left out: not one of its choices" in said


def test_a_bad_option_value_says_why_and_names_the_rule_set():
    app = ExperimentsApp(rules=("monopoly_us",))
    app.option_control("monopoly_us", "luxury_tax").value = -5
    with pytest.raises(ValueError, match="the luxury tax must be a whole number from 0, not -5"):
        app.settings()
    app.run()
    assert "Monopoly: the classic US rules" in app.status.value


def with_declared(monkeypatch, rules_id, change):
    """Make ``rules_id`` declare the options ``change(declared)`` gives, for the app."""
    real = load_rules

    def loading(asked, **options):
        rules = real(asked, **options)
        if asked != rules_id:
            return rules
        return dataclasses.replace(rules, declared_options=change(rules.declared_options))

    for module in (controls, specs):
        monkeypatch.setattr(module, "load_rules", loading)


def test_a_rule_set_that_declares_a_new_option_gets_a_control_with_no_change_to_the_app(
    monkeypatch,
):
    source = Provenance("modern", "a test's own option")
    new = Option(
        "rent_holiday", "share", 0.0, "MODERN: a share of rent forgiven", provenance=source
    )
    with_declared(monkeypatch, "landlords_game", lambda declared: (*declared, new))
    app = ExperimentsApp(rules=("landlords_game",))
    made = app.option_control("landlords_game", "rent_holiday")
    assert made.description == "Rent holiday"
    assert made.options[5] == ("25%", 0.25)
    made.value = 0.25
    assert app.settings()["specs"] == [("landlords_game", {"rent_holiday": 0.25})]


def test_play_on_is_set_by_the_field_an_option_sets_not_by_the_options_name(monkeypatch):
    def renamed(declared):
        return tuple(
            dataclasses.replace(option, name="rounds") if option.name == "round_limit" else option
            for option in declared
        )

    with_declared(monkeypatch, "monopoly_us", renamed)
    app = ExperimentsApp(rules=("monopoly_us",), long_run=True)
    assert app.settings()["specs"] == [("monopoly_us", {"rounds": 100})]
