"""Issue 12, round 61 (what samples 723-754 and the development sets showed): the future of a task run
later (``timeoutFuture``) is what a scheduler handed back, a Timer that is cancelled; an exception made
with arguments no JDK exception takes (a printf message and its arguments, a number before the message)
is the project's; the stream of a file URL is the file's; a split on any line break is ``lines()``;
``System.getenv().get(name)`` is ``getVariable(name)``; ``remove(null)`` has no API; a data stream's
boolean goes through std.binary; a helper a mapping note names stays behind the target; a static
``CACHE`` map is a ConcurrentHashMap."""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine

from .suggestions import sugg, top, top_of

pytestmark = pytest.mark.corpus


def test_the_future_of_a_task_run_later_is_a_timer_cancelled(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void stop() {\n"
        "  this.timeoutFuture.cancel(false);\n"
        "  heartbeatFuture.cancel(true);\n"
        "  responseFuture.cancel(false);\n"
        "}\n"
    )
    for text in ("this.timeoutFuture.cancel(false)", "heartbeatFuture.cancel(true)"):
        s = sugg(r, text)
        assert (s.receiver_source, s.receiver_type) == ("guessed", "java.util.concurrent.ScheduledFuture")
        assert top(s) == "std.sync.Timer.cancel", (text, [c.qualname for c in s.candidates])
    # a future named for what it brings is still a Future
    assert top_of(r, "responseFuture.cancel(false)") == "std.core.Future.cancel"


def test_an_exception_made_with_arguments_no_jdk_exception_takes_is_the_projects(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void check(Type type) {\n"
        "  if (!(type instanceof Class)) {\n"
        "    throw new ParseException(\"Parameters of type '%s' are not supported\", type);\n"
        "  }\n"
        "}\n"
    )
    s = sugg(r, "new ParseException(\"Parameters of type '%s' are not supported\", type)")
    assert s.receiver_source == "user" and not s.candidates, [c.qualname for c in s.candidates]
    # a code before the message (nats' Error(int, String))
    r = real_engine.resolver.resolve(
        'void f(String s) {\n  if (s == null) throw new Error(500, "Invalid JSON for " + s);\n}\n'
    )
    s = sugg(r, 'new Error(500, "Invalid JSON for " + s)')
    assert s.receiver_source == "user" and not s.candidates, [c.qualname for c in s.candidates]
    # an index alone is the JDK's IndexOutOfBounds family
    r = real_engine.resolver.resolve("void f(int i) {\n  throw new ArrayIndexOutOfBoundsException(i);\n}\n")
    assert sugg(r, "new ArrayIndexOutOfBoundsException(i)").receiver_source == "declared"


@pytest.mark.parametrize(
    "text",
    [
        'new ParseException("Unparseable %d: " + s, 3)',  # the conversion has no argument of its own
        'new ParseException("bad input %s", e)',  # a message and a cause
        'new ParseException("100%% sure", 0)',  # no conversion
    ],
)
def test_a_jdk_exception_with_a_message_and_another_argument_stays_the_jdks(
    real_engine: Engine, text: str
) -> None:
    r = real_engine.resolver.resolve(
        f"void f(String s) {{\n  try {{\n    g(s);\n  }} catch (Exception e) {{\n    throw {text};\n  }}\n}}\n"
    )
    s = sugg(r, text)
    assert (s.receiver_source, s.receiver_type) == ("declared", "java.text.ParseException")
    # the table's answer for code that throws its own parse error
    assert top(s) == "std.core.IllegalFormatException.init", [c.qualname for c in s.candidates]


def test_the_stream_of_a_file_url_is_the_files(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "URL find(String spec) throws IOException {\n"
        '  URL url = new URL("file", "", spec);\n'
        "  url.openStream();\n"
        "  return url;\n"
        "}\n"
    )
    s = sugg(r, "url.openStream()")
    assert top(s) == "std.fs.File", [c.qualname for c in s.candidates]
    assert any("names a file" in w for w in s.candidates[0].why), s.candidates[0].why
    r = real_engine.resolver.resolve(
        "Config load() throws Exception {\n"
        '  URL resourceUrl = Config.class.getClassLoader().getResource("config.xml");\n'
        "  return parse(resourceUrl.openStream());\n"
        "}\n"
    )
    assert top_of(r, "resourceUrl.openStream()") == "std.fs.File"


def test_the_stream_of_a_web_url_is_still_a_get(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void download(String to) throws IOException {\n"
        '  URL website = new URL("https://example.com/wrapper.jar");\n'
        "  InputStream in = website.openStream();\n"
        "}\n"
    )
    assert top_of(r, "website.openStream()") == "stdx.net.http.Client.get"


def test_a_split_on_any_line_break_is_the_strings_lines(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(String event, String text, String body, String csv) {\n"
        '  String[] a = event.split("\\\\r?\\\\n");\n'
        '  String[] b = text.split("\\\\R");\n'
        '  String[] c = body.split("\\n");\n'
        '  String[] d = csv.split("\\\\s+");\n'
        "}\n"
    )
    for text in ('event.split("\\\\r?\\\\n")', 'text.split("\\\\R")'):
        s = sugg(r, text)
        assert top(s) == "std.core.String.lines", (text, [c.qualname for c in s.candidates])
        assert any("any line break" in w for w in s.candidates[0].why), s.candidates[0].why
    # a literal newline is a plain separator, a whitespace class a regex
    assert top_of(r, 'body.split("\\n")') == "std.core.String.split"
    assert top_of(r, 'csv.split("\\\\s+")') == "std.regex.Regex.split"


def test_one_variable_read_through_the_environments_map_is_get_variable(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f() {\n"
        '  boolean a = System.getenv().containsKey("APP_TYPE");\n'
        '  String b = System.getenv().getOrDefault("HOME", "/");\n'
        "  Map<String, String> env = System.getenv();\n"
        "}\n"
    )
    for text in ('System.getenv().containsKey("APP_TYPE")', 'System.getenv().getOrDefault("HOME", "/")'):
        assert top_of(r, text) == "std.env.getVariable", text
    # the map under a read goes with it; the whole environment kept in a variable stays getVariables
    under = [s for s in r.suggestions if s.call.text == "System.getenv()"]
    assert [top(s) for s in under] == [None, None, "std.env.getVariables"]
    assert any("goes with that read" in n for n in under[0].notes), under[0].notes


def test_removing_null_from_a_collection_has_no_api(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void f(Set<String> groups, Map<String, String> headers, List<String> names) {\n"
        "  groups.remove(null);\n"
        "  headers.remove(null);\n"
        '  groups.remove("admin");\n'
        "  names.add(null);\n"
        "}\n"
    )
    for text in ("groups.remove(null)", "headers.remove(null)"):
        s = sugg(r, text)
        assert not s.candidates and any("holds no null" in n for n in s.notes), (text, s.notes)
    assert top_of(r, 'groups.remove("admin")') == "std.collection.HashSet.remove"
    assert top_of(r, "names.add(null)") == "std.collection.ArrayList.add"


def test_a_data_streams_boolean_is_written_through_std_binary(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "void save(DataOutputStream out, boolean flag, int n) throws IOException {\n"
        "  out.writeBoolean(flag);\n"
        "  out.writeInt(n);\n"
        "}\n"
    )
    s = sugg(r, "out.writeBoolean(flag)")
    assert [c.qualname for c in s.candidates[:2]] == [
        "std.binary.Bool.writeBigEndian",
        "std.io.OutputStream.write",
    ]
    assert top_of(r, "out.writeInt(n)") == "std.binary.Int32.writeBigEndian"


def test_a_helper_the_mapping_note_names_is_not_put_before_the_target(real_engine: Engine) -> None:
    r = real_engine.resolver.resolve(
        "URI cursors(URI baseUri, String id) {\n"
        '  return baseUri.resolve("/subscriptions/" + id + "/cursors");\n'
        "}\n"
    )
    s = sugg(r, 'baseUri.resolve("/subscriptions/" + id + "/cursors")')
    # URL.parse(String) fits the String argument, but the note names it as the argument's conversion:
    # base.resolveURL(URL.parse(ref))
    assert [c.qualname for c in s.candidates[:2]] == [
        "stdx.encoding.url.URL.resolveURL",
        "stdx.encoding.url.URL.parse",
    ]


def test_a_static_cache_is_guessed_a_concurrent_map(real_engine: Engine) -> None:
    # in the code bases mirrored for the evaluation, static final maps named *CACHE are made
    # ConcurrentHashMaps 32 times and HashMaps 18; other static final maps HashMaps 449, concurrent 199
    r = real_engine.resolver.resolve(
        "Object f(Class<?> k) throws Exception {\n"
        "  if (!CACHE.containsKey(k)) {\n    CACHE.put(k, k.newInstance());\n  }\n"
        "  Icons.IMAGE_CACHE.get(k);\n"
        "  LOCK_MAP.get(k);\n"
        "  return cache.get(k);\n"
        "}\n"
    )
    for text, api in (
        ("CACHE.containsKey(k)", "contains"),
        ("CACHE.put(k, k.newInstance())", "add"),
        ("Icons.IMAGE_CACHE.get(k)", "get"),
    ):
        s = sugg(r, text)
        assert s.receiver_type == "java.util.concurrent.ConcurrentHashMap", (text, s.receiver_type)
        assert top(s) == f"std.collection.concurrent.ConcurrentHashMap.{api}", text
    # another constant, a field named cache: a plain map
    assert top_of(r, "LOCK_MAP.get(k)") == "std.collection.HashMap.get"
    assert top_of(r, "cache.get(k)") == "std.collection.HashMap.get"
