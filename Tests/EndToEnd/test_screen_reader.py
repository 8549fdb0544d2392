"""What a screen reader reads from `entrykit choose`'s list, over AT-SPI as Orca reads it.

Orca 43 speaks a row's place as "k of N" from the row's index in its parent and the parent's
number of children (once a list has more than 100), and announces a list as "List with N items"
by asking each child for its role. So the list has every row as a child at its true index, and
above 100 rows it is a one-column table, whose size Orca reads in one call (see
list_view_accessible.c). Row objects are made on demand: reading the count walks nothing.
"""
import pytest

from atspi_driver import EventLog, find, states, type_text, wait_for
from atspi_driver import keys as driver_keys
from test_choose import choose, combo  # noqa: F401 (choose is a fixture)


def keys(*names):
    driver_keys(*names, delay_ms=60)


def open_list(app, field, role):
    keys("alt+Down")
    wait_for(lambda: "expanded" in states(field), what="the field to be expanded")
    return find(app.application, role=role, showing=True)


def highlighted(listbox):
    selection = listbox.querySelection()
    return selection.getSelectedChild(0) if selection.nSelectedChildren == 1 else None


def place(row):
    """What a screen reader that reads attributes hears: (posinset, setsize)."""
    attributes = dict(pair.split(":", 1) for pair in row.getAttributes())
    return int(attributes["posinset"]), int(attributes["setsize"])


@pytest.mark.parametrize("count, role", [(100, "list"), (101, "table"), (100_000, "table")])
def test_every_row_is_a_child_at_its_true_place(choose, count, role):
    app = choose("--text", "Number", stdin="".join(f"item {n}\n" for n in range(1, count + 1)))
    field = combo(app, "Number")
    events = EventLog(app.application, "object:active-descendant-changed")
    try:
        listbox = open_list(app, field, role)
        assert listbox.childCount == count
        if role == "table":
            table = listbox.queryTable()
            assert (table.nRows, table.nColumns) == (count, 1)
        first = wait_for(lambda: highlighted(listbox), what="the first row highlighted")
        assert (first.name, first.getIndexInParent(), place(first)) == ("item 1", 0, (1, count))

        keys("End")
        last = wait_for(lambda: (row := highlighted(listbox)) and row.name == f"item {count}" and row,
                        what="the last row highlighted")
        assert last.getIndexInParent() == count - 1
        assert place(last) == (count, count)
        assert listbox.getChildAtIndex(count - 1).name == f"item {count}"
        # The event the screen reader follows names the row, on the combo box as on the list.
        told = events.wait_until(
            lambda seen: any(e.any_data and e.any_data.name == f"item {count}" and
                             e.source.getRoleName() == "combo box" for e in seen),
            what="active-descendant-changed to the last row on the combo box")
        assert told
        # The row left behind stays a live object: a screen reader compares the new focus with the
        # old, and a dead old one makes it announce the dialog and the combo box again.
        assert "defunct" not in states(first)
        assert first.getIndexInParent() == 0

        keys("Up")
        before_last = wait_for(lambda: (row := highlighted(listbox)) and row.name == f"item {count - 1}" and row,
                               what="the row before the last highlighted")
        assert (before_last.getIndexInParent(), place(before_last)) == (count - 2, (count - 1, count))
        keys("Escape", "Escape")
        status, _, _ = app.wait_for_exit()
        assert status == 1
    finally:
        events.close()


def test_a_filtered_list_reports_the_filtered_count(choose):
    items = [f"item {n}" for n in range(1, 100_001)]
    app = choose("--editable", "--text", "Number", stdin="".join(f"{item}\n" for item in items))
    field = combo(app, "Number")
    # Matching is by substring; "999" in "item N" can only fall in the number.
    expected = [item for item in items if "999" in item]
    assert 100 < len(expected) < len(items)
    type_text("999")
    listbox = find(app.application, role="table", showing=True)
    wait_for(lambda: listbox.childCount == len(expected), what=f"{len(expected)} rows after filtering")
    assert listbox.queryTable().nRows == len(expected)
    assert [listbox.getChildAtIndex(i).name for i in (0, len(expected) - 1)] == [expected[0], expected[-1]]
    assert place(listbox.getChildAtIndex(len(expected) - 1)) == (len(expected), len(expected))

    # Fewer than 101 rows: a list again, the same object, with the count Orca speaks.
    type_text("9")
    expected = [item for item in expected if "9999" in item]
    assert len(expected) <= 100
    wait_for(lambda: listbox.getRoleName() == "list" and listbox.childCount == len(expected),
             what=f"a list of {len(expected)} rows")
    keys("Escape", "Escape")
    app.wait_for_exit()


def test_japanese_rows_are_counted_and_placed_alike(binary, display):
    from atspi_driver import RunningApp
    items = [f"項目 {n}" for n in range(1, 51)]
    app = RunningApp(binary, ["choose", *items], env={"LANGUAGE": "ja", "LANG": "C.UTF-8"})
    try:
        field = combo(app, "項目を選んでください:")
        listbox = open_list(app, field, "list")
        assert listbox.childCount == 50
        keys("End")
        last = wait_for(lambda: (row := highlighted(listbox)) and row.name == "項目 50" and row,
                        what="the last row highlighted")
        assert (last.getIndexInParent(), place(last)) == (49, (50, 50))
    finally:
        app.close()
