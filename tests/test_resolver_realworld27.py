"""Issue 12, round 27: what the labels of samples 163, 165 and 168 (and the development sets before them) showed.

* ``String.valueOf(char[])`` is documented as ``copyValueOf(char[])``: a new ``String(runes)``, not the
  ``toString`` that ``valueOf`` of any other value is.
* A receiver of unknown type called at a list's ends (``removeFirst``, ``addFirst``, ``pollLast`` ..) is
  guessed a ``LinkedList`` (four code bases' labels), not the plain ``List`` whose Java 21 members these are,
  unless it is also read or written by index (``get(i)``, ``set(i, x)``).
* A LinkedList's ``remove(0)`` is ``removeFirst``, ``remove(i)`` of another index ``remove(nodeAt(i))``,
  ``remove(x)`` of a value ``removeIf``, ``remove()`` ``removeFirst`` (the row answered ``removeFirst``
  for all of them).
* ``scheduleWithFixedDelay`` is ``Timer.repeat`` with ``CatchupStyle.Delay`` (the docs: "the interval
  between the end of the previous task and the start of the next task remains fixed");
  ``Timer.after`` stays second. ``java.util.Timer.schedule(task, delay, period)`` (a fixed delay too)
  answers ``Timer.repeat``, ``schedule(task, delay)`` ``Timer.once``.
* ``Arrays.copyOf(values, newCapacity)`` to another length than ``values.length`` answers ``copyTo``
  (into a new array of that size: three code bases' labels), ``clone`` second; the same length stays
  ``clone`` (five).
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_value_of_a_char_array_is_a_new_string(real_engine: Engine) -> None:
    code = (
        "String f(char[] array, String word, int n) {\n"
        "  String a = String.valueOf(array);\n"
        "  String b = String.valueOf(array, 0, n);\n"
        "  String c = String.valueOf(word.toCharArray());\n"
        "  return a + b + c + String.valueOf(n);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    for text in (
        "String.valueOf(array)",
        "String.valueOf(array, 0, n)",
        "String.valueOf(word.toCharArray())",
    ):
        s = _sugg(r, text)
        assert top(s) == "std.core.String.init", (text, [c.qualname for c in s.candidates])
        assert "Collection<Rune>" in (s.candidates[0].signature or ""), s.candidates[0].signature
    assert _top(r, "String.valueOf(n)") == "std.core.Int64.toString"  # a number stays its toString


def test_fixed_delay_is_a_repeat_with_the_delay_style(real_engine: Engine) -> None:
    code = (
        "void f(ScheduledExecutorService ses, Timer timer, TimerTask t) {\n"
        "  ses.scheduleWithFixedDelay(() -> poll(), 1, 2, TimeUnit.SECONDS);\n"
        "  ses.scheduleAtFixedRate(() -> poll(), 1, 2, TimeUnit.SECONDS);\n"
        "  timer.schedule(t, 1000);\n"
        "  timer.schedule(t, 1000, 500);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    fixed_delay = _sugg(r, "ses.scheduleWithFixedDelay(() -> poll(), 1, 2, TimeUnit.SECONDS)")
    assert [c.qualname for c in fixed_delay.candidates[:2]] == [
        "std.sync.Timer.repeat",
        "std.sync.Timer.after",
    ]
    assert any("CatchupStyle.Delay" in n for n in fixed_delay.notes), fixed_delay.notes
    assert _top(r, "ses.scheduleAtFixedRate(() -> poll(), 1, 2, TimeUnit.SECONDS)") == "std.sync.Timer.repeat"
    assert _top(r, "timer.schedule(t, 1000)") == "std.sync.Timer.once"
    assert _top(r, "timer.schedule(t, 1000, 500)") == "std.sync.Timer.repeat"


def test_a_list_called_at_its_ends_is_guessed_a_linked_list(real_engine: Engine) -> None:
    code = (
        "void render(Task first) {\n"
        "  if (renderTasks.size() > 3) { renderTasks.removeFirst(); }\n"
        "  renderTasks.addFirst(first);\n"
        "  names.add(first.name());\n"
        "  names.remove(0);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    first = _sugg(r, "renderTasks.removeFirst()")
    assert first.receiver_type == "java.util.LinkedList" and first.receiver_source == "guessed"
    assert top(first) == "std.collection.LinkedList.removeFirst"
    assert _top(r, "renderTasks.addFirst(first)") == "std.collection.LinkedList.addFirst"
    assert _top(r, "renderTasks.size()") == "std.collection.LinkedList.size"
    # no call at an end: the plain list guess stays
    assert _sugg(r, "names.remove(0)").receiver_type == "java.util.List"


def test_copy_of_to_another_length_copies_into_a_new_array(real_engine: Engine) -> None:
    code = (
        "void grow(int[] values, int newCapacity, long[] digits) {\n"
        "  values = Arrays.copyOf(values, newCapacity);\n"
        "  long[] same = Arrays.copyOf(digits, digits.length);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    grown = _sugg(r, "Arrays.copyOf(values, newCapacity)")
    assert [c.qualname for c in grown.candidates[:2]] == ["std.core.Array.copyTo", "std.core.Array.clone"]
    assert _top(r, "Arrays.copyOf(digits, digits.length)") == "std.core.Array.clone"


def test_a_linked_lists_remove_by_what_it_is_given(real_engine: Engine) -> None:
    code = (
        "void drain(int i) {\n"
        "  LinkedList<String> queue = new LinkedList<>();\n"
        "  queue.remove(0);\n"
        "  queue.remove(i);\n"
        '  queue.remove("done");\n'
        "  queue.remove();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    # the same receiver, type and argument types: the text picks (the per-snippet memo must see it)
    assert _top(r, "queue.remove(0)") == "std.collection.LinkedList.removeFirst"
    assert _top(r, "queue.remove(i)") == "std.collection.LinkedList.remove"
    assert _top(r, 'queue.remove("done")') == "std.collection.LinkedList.removeIf"
    assert _top(r, "queue.remove()") == "std.collection.LinkedList.removeFirst"


def test_a_list_used_by_index_stays_a_list_whatever_its_ends(real_engine: Engine) -> None:
    code = "void siftDown(int i) {\n  maxHeap.set(i - 1, maxHeap.getLast());\n  maxHeap.removeLast();\n}\n"
    r = real_engine.resolver.resolve(code)
    assert _sugg(r, "maxHeap.removeLast()").receiver_type == "java.util.List"
    assert _top(r, "maxHeap.set(i - 1, maxHeap.getLast())") == "std.collection.ArrayList.[]"
