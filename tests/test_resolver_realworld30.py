"""Issue 12, round 30: what the labels of samples 187-194 (and the development sets before them) showed.

* ``Long.toString(x)`` answers ``Int64.toString()`` as ``Integer.toString(x)`` does; only the radix
  form ``Long.toString(x, 16)`` is std.convert's ``toString(radix!)``.
* ``ByteBuffer.rewind()``, ``ByteBuffer.clear()`` and ``URL.toURI()`` are curated none (like ``flip``
  and ``URI.toURL``): a NIO buffer's position and limit have no counterpart to reset.
* A ``ScheduledFuture`` is what ``schedule`` hands back: its counterpart ``Timer.once`` returns the
  ``Timer``, so ``cancel`` is ``Timer.cancel``; ``x.schedule(task, 5, TimeUnit.SECONDS)`` on a
  receiver of unknown type is a ``ScheduledExecutorService``'s (no ``java.util.Timer`` takes a TimeUnit).
* ``Arrays.copyOf(buf, count)`` to a count of the elements in use is the slice ``buf[..count]``;
  to a new capacity it stays ``copyTo``, to the same length ``clone``.
* ``stream.distinct().count()``: ``distinct()`` is ``collectHashSet``, so the count is ``HashSet.size``.
* ``Arrays.asList(arr)`` of an existing array handed to ``addAll``, to a collection's constructor or
  to ``.stream()`` has no API (``Array<T>`` is a ``Collection<T>``); kept as a list, it is ``ArrayList(arr)``.
* Rows that answer an index operator name the overload: ``copyOfRange`` the range read
  ``[](Range<Int64>)``, not the range write.
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg as _sugg
from .suggestions import top_of as _top

pytestmark = pytest.mark.corpus


def test_long_to_string_of_a_value_is_int64_to_string(real_engine: Engine) -> None:
    code = (
        "String f(long count, Long boxed) {\n"
        "  String a = Long.toString(count);\n"
        "  String b = Long.toString(count, 16);\n"
        "  return a + b + boxed.toString();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    one = _sugg(r, "Long.toString(count)")
    assert one.candidates[0].signature == "public func toString(): String"
    assert one.candidates[0].qualname == "std.core.Int64.toString"
    radix = _sugg(r, "Long.toString(count, 16)")
    assert radix.candidates[0].qualname == "std.convert.Int64.toString"
    assert "radix" in (radix.candidates[0].signature or "")
    assert _top(r, "boxed.toString()") == "std.core.Int64.toString"


def test_rewind_and_to_uri_have_no_api(real_engine: Engine) -> None:
    code = (
        "void f(ByteBuffer buffer, URL url) throws Exception {\n"
        "  buffer.rewind();\n"
        "  buffer.clear();\n"
        "  URI uri = url.toURI();\n"
        "  String host = url.getHost();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    rewind = _sugg(r, "buffer.rewind()")
    assert rewind.candidates == [] and [i.qualname for i in rewind.instead] == ["std.io.ByteBuffer.seek"]
    clear = _sugg(r, "buffer.clear()")
    assert clear.candidates == [] and [i.qualname for i in clear.instead] == ["std.io.ByteBuffer.clear"]
    to_uri = _sugg(r, "url.toURI()")
    assert to_uri.candidates == [] and any("one type" in n for n in to_uri.notes), to_uri.notes
    assert _top(r, "url.getHost()") == "stdx.encoding.url.URL.hostName"


def test_a_scheduled_future_is_a_timer(real_engine: Engine) -> None:
    code = (
        "void f(ScheduledExecutorService pool, Runnable task) throws Exception {\n"
        "  ScheduledFuture<?> handle = pool.schedule(task, 5, TimeUnit.SECONDS);\n"
        "  handle.cancel(false);\n"
        "  Future<?> plain = other.submit(task);\n"
        "  plain.cancel(true);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(r, "pool.schedule(task, 5, TimeUnit.SECONDS)") == "std.sync.Timer.once"
    assert _top(r, "handle.cancel(false)") == "std.sync.Timer.cancel"
    assert _top(r, "plain.cancel(true)") == "std.core.Future.cancel"


def test_schedule_with_a_time_unit_tells_the_receiver(real_engine: Engine) -> None:
    code = (
        "void push(Message m) {\n"
        "  batch.add(m);\n"
        "  scheduleService.schedule(batchRunner, waitSeconds, TimeUnit.SECONDS);\n"
        "  scheduler.schedule(job, 100L, 2000L);\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    told = _sugg(r, "scheduleService.schedule(batchRunner, waitSeconds, TimeUnit.SECONDS)")
    assert told.receiver_type == "java.util.concurrent.ScheduledExecutorService"
    assert told.candidates[0].qualname == "std.sync.Timer.once"
    # without a TimeUnit, schedule(task, delay, period) may be java.util.Timer's as well: no guess
    untold = _sugg(r, "scheduler.schedule(job, 100L, 2000L)")
    assert untold.receiver_type is None and untold.candidates == []


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ("Arrays.copyOf(buf, count)", "std.core.Array.[]"),
        ("Arrays.copyOf(items, this.size)", "std.core.Array.[]"),
        ("Arrays.copyOf(items, newSize)", "std.core.Array.copyTo"),
        ("Arrays.copyOf(items, items.length * 2)", "std.core.Array.copyTo"),
        ("Arrays.copyOf(items, MAX_SIZE)", "std.core.Array.copyTo"),
        ("Arrays.copyOf(items, items.length)", "std.core.Array.clone"),
    ],
)
def test_copy_of_to_the_count_in_use_is_a_slice(real_engine: Engine, call: str, expected: str) -> None:
    code = f"Object f(byte[] buf, Object[] items, int count, int newSize) {{\n  return {call};\n}}\n"
    r = real_engine.resolver.resolve(code)
    s = _sugg(r, call)
    assert s.candidates[0].qualname == expected
    if expected == "std.core.Array.[]":
        assert s.candidates[0].signature == "public operator func [](range: Range<Int64>): Array<T>"


def test_copy_of_range_names_the_range_read(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve("byte[] f(byte[] b, int n) { return Arrays.copyOfRange(b, 1, n); }")
    s = _sugg(r, "Arrays.copyOfRange(b, 1, n)")
    assert s.candidates[0].signature == "public operator func [](range: Range<Int64>): Array<T>"


def test_the_count_of_distinct_elements_is_a_set_size(real_engine: Engine) -> None:
    code = (
        "boolean f(List<String> base) {\n"
        "  long unique = base.stream().distinct().count();\n"
        "  long empty = base.stream().filter(x -> x.isEmpty()).count();\n"
        "  return unique == base.size();\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    distinct = _sugg(r, "base.stream().distinct().count()")
    assert distinct.candidates[0].qualname == "std.collection.HashSet.size"
    assert any("collectHashSet" in w for w in distinct.candidates[0].why), distinct.candidates[0].why
    assert _top(r, "base.stream().filter(x -> x.isEmpty()).count()") == "std.collection.count"


def test_as_list_of_an_array_that_is_only_handed_on_has_no_api(real_engine: Engine) -> None:
    code = (
        "List<String> f(String[] args, String content, List<String> all) {\n"
        "  all.addAll(Arrays.asList(args));\n"
        "  Vector<String> v = new Vector<String>(Arrays.asList(args));\n"
        '  int[] cpus = Arrays.asList(content.split(",")).stream().mapToInt(Integer::parseInt).toArray();\n'
        "\n"
        "  List<String> keep = Arrays.asList(args);\n"
        '  List<String> names = new ArrayList<>(Arrays.asList("a", "b"));\n'
        "  return keep;\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    by_line = {(s.call.line, s.call.text): s for s in r.suggestions if s.call}
    for line, text in (
        (2, "Arrays.asList(args)"),
        (3, "Arrays.asList(args)"),
        (4, 'Arrays.asList(content.split(","))'),
    ):
        s = by_line[(line, text)]
        assert s.candidates == [] and any("Collection<T>" in n for n in s.notes), (line, s.notes)
    assert _top(r, "all.addAll(Arrays.asList(args))") == "std.collection.ArrayList.add"
    # the same text kept as a list, and elements listed in the call, keep their answers
    assert by_line[(6, "Arrays.asList(args)")].candidates[0].qualname == "std.collection.ArrayList.init"
    assert _top(r, 'Arrays.asList("a", "b")') == "std.core.Array"
