"""Issue 12, rounds 16 and 17: what the labels of samples 83-94 (and the development sets before them) showed.

* ``String.valueOf(x)`` of an argument whose type is unknown but whose name is a number's
  (``s.getCtime()``, ``server.port``, ``category.getId()``) is ``Int64.toString``; any other unknown
  argument stays the ``ToString`` interface's.
* ``Collections.addAll(set, ...)`` adds to the set: the first argument's own ``addAll`` mapping
  (``HashSet.add``), not the list's.
* ``System.getProperty(key)`` reads a setting: ``std.env.getVariable``; the keys std.env has a
  function for (``user.home``, ``user.dir``, ``java.io.tmpdir``) answer with that function.
* A text reader or writer wrapped around one that is a ``StringReader``/``StringWriter`` already
  (``new BufferedWriter(new OutputStreamWriter(out))``, ``new PrintWriter(writer)``) has no API of its
  own; around a ``FileReader`` (a ``File`` in Cangjie) it is still the ``StringReader``.
* ``executor.submit(task)``, ``execute(task)`` and ``thread.start()`` are the ``spawn`` expression:
  curated ``none`` with ``Future`` in ``instead``.
* Tables: ``DataOutput.writeByte``/``DataInput.readByte`` on the ``ByteBuffer`` the bytes go to,
  ``RandomAccessFile``'s typed reads, ``File.getCanonicalFile`` (whose result is a ``File`` again),
  ``BitSet`` as an ``Array<Bool>``, ``IntSummaryStatistics``, ``ParseException`` thrown by user code.
* Round 17: a ``PrintWriter`` over a Java ``StringWriter`` (a ``StringBuilder`` in Cangjie) is no
  writer and its prints are ``append``; ``setLength(n)`` other than 0 is a slice;
  ``p.getFileName().toString()`` has no call (``Path.fileName`` is a String); Object's ``toString``
  on an instance whose Cangjie type declares its own is that one (``ConstructorInfo.toString``).
"""

from __future__ import annotations

import pytest

from cjkb_graph.engine import Engine
from cjkb_graph.resolve.guess import numeric_argument

from .suggestions import instead_only
from .suggestions import sugg as _sugg
from .suggestions import top as _top

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize(
    ("text", "numeric"),
    [
        ("String.valueOf(s.getCtime())", True),
        ("String.valueOf(server.port)", True),
        ("String.valueOf(category.getId())", True),
        ("String.valueOf(s .getNumChildren())", True),
        ("String.valueOf(userID)", True),
        ("String.valueOf(i)", True),
        ("String.valueOf(value)", False),
        ("String.valueOf(o)", False),
        ("String.valueOf(valid)", False),  # ends in "id" but is not the word Id
        ("String.valueOf(x.compute())", False),  # a call that is not a getter says what it does
        ("String.valueOf(a, b)", False),
        ("String.valueOf(name)", False),
    ],
)
def test_a_numbers_name(text: str, numeric: bool) -> None:
    assert numeric_argument(text) is numeric


def test_value_of_a_numbers_name_is_int64_to_string(real_engine: Engine) -> None:
    code = (
        "void f(Stat s, Server server) {\n"
        "  String a = String.valueOf(s.getCtime());\n"
        "  String b = String.valueOf(server.port);\n"
        "  String c = String.valueOf(value);\n"
        "  String d = String.valueOf(s.getCzxid());\n"
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, "String.valueOf(s.getCtime())")) == "std.core.Int64.toString"
    assert _top(_sugg(r, "String.valueOf(server.port)")) == "std.core.Int64.toString"
    # `value` is undeclared (a field): the memo of equal calls must not carry the number's answer over
    assert _top(_sugg(r, "String.valueOf(value)")) == "std.core.ToString.toString"
    assert _top(_sugg(r, "String.valueOf(s.getCzxid())")) == "std.core.Int64.toString"


def test_collections_add_all_adds_to_the_first_arguments_own_type(real_engine: Engine) -> None:
    code = (
        "import java.util.*;\n"
        "class A { void f() {\n"
        " Set<String> set1 = new TreeSet<>();\n"
        ' Collections.addAll(set1, "A B C".split(" "));\n'
        " List<String> l = new ArrayList<>();\n"
        ' Collections.addAll(l, "a", "b");\n'
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, 'Collections.addAll(set1, "A B C".split(" "))')) == "std.collection.HashSet.add"
    assert _top(_sugg(r, 'Collections.addAll(l, "a", "b")')) == "std.collection.ArrayList.add"


def test_system_properties_read_settings_or_std_env_functions(real_engine: Engine) -> None:
    code = (
        "void f() {\n"
        '  String arch = System.getProperty("os.arch");\n'
        '  String home = System.getProperty("user.home");\n'
        '  String cwd = System.getProperty("user.dir");\n'
        '  String tmp = System.getProperty("java.io.tmpdir");\n'
        "}\n"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, 'System.getProperty("os.arch")')) == "std.env.getVariable"
    assert _top(_sugg(r, 'System.getProperty("user.home")')) == "std.env.getHomeDirectory"
    assert _top(_sugg(r, 'System.getProperty("user.dir")')) == "std.env.getWorkingDirectory"
    assert _top(_sugg(r, 'System.getProperty("java.io.tmpdir")')) == "std.env.getTempDirectory"


def test_a_text_stream_around_another_has_no_api_of_its_own(real_engine: Engine) -> None:
    code = (
        "import java.io.*;\n"
        "class A { void f(InputStream is, Writer w, OutputStream os, File file) throws IOException {\n"
        " BufferedWriter bw = new BufferedWriter(new OutputStreamWriter(os));\n"
        " BufferedReader br = new BufferedReader(new InputStreamReader(is));\n"
        " PrintWriter pw = new PrintWriter(w);\n"
        " BufferedReader fr = new BufferedReader(new FileReader(file));\n"
        " PrintWriter out = new PrintWriter(os);\n"
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    for wrapper in (
        "new BufferedWriter(new OutputStreamWriter(os))",
        "new BufferedReader(new InputStreamReader(is))",
        "new PrintWriter(w)",
    ):
        s = _sugg(r, wrapper)
        assert _top(s) is None, wrapper
        assert any("wrapped around another" in n for n in s.notes), s.notes
    # the inner ones are the StringWriter and StringReader
    assert _top(_sugg(r, "new OutputStreamWriter(os)")) == "std.io.StringWriter.init"
    assert _top(_sugg(r, "new InputStreamReader(is)")) == "std.io.StringReader.init"
    # a FileReader is a File in Cangjie, read through one StringReader(file): since 0.7.44 (labels of
    # seven code bases) the line reader around it has no API of its own, and the note names the
    # StringReader; the FileReader offers it second
    fr = _sugg(r, "new BufferedReader(new FileReader(file))")
    assert _top(fr) is None and any("StringReader(file)" in n for n in fr.notes), fr.notes
    assert [c.qualname for c in _sugg(r, "new FileReader(file)").candidates][:2] == [
        "std.fs.File.init",
        "std.io.StringReader.init",
    ]
    assert _top(_sugg(r, "new PrintWriter(os)")) == "std.io.StringWriter.init"


def test_threads_and_executors_start_work_with_spawn(real_engine: Engine) -> None:
    code = (
        "import java.util.concurrent.*;\n"
        "class A { void f(ExecutorService executor, Thread t, Runnable task) {\n"
        " executor.submit(task);\n"
        " executor.execute(task);\n"
        " t.start();\n"
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    for text in ("executor.submit(task)", "executor.execute(task)", "t.start()"):
        s = _sugg(r, text)
        assert instead_only(s) == "std.core.Future", text
        assert any("spawn" in n for n in s.notes), s.notes


def test_data_and_random_access_reads_and_writes(real_engine: Engine) -> None:
    code = (
        "import java.io.*;\n"
        "class A { void f(DataOutputStream out, DataInput in, RandomAccessFile raf) throws IOException {\n"
        " out.writeByte(3);\n"
        " boolean b = in.readBoolean();\n"
        " byte x = in.readByte();\n"
        " int n = raf.readInt();\n"
        " byte y = raf.readByte();\n"
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, "out.writeByte(3)")) == "std.io.ByteBuffer.writeByte"
    assert _top(_sugg(r, "in.readBoolean()")) == "std.io.ByteBuffer.readByte"
    assert _top(_sugg(r, "in.readByte()")) == "std.io.ByteBuffer.readByte"
    assert _top(_sugg(r, "raf.readInt()")) == "std.binary.Int32.readBigEndian"
    assert _top(_sugg(r, "raf.readByte()")) == "std.fs.File.read"


def test_table_gaps_of_the_development_samples(real_engine: Engine) -> None:
    code = (
        "import java.io.*;\nimport java.util.*;\n"
        "class A { void f(File file, IntSummaryStatistics stats, StringTokenizer st) throws Exception {\n"
        " File dir = file.getCanonicalFile().getParentFile();\n"
        " BitSet bits = new BitSet(64);\n"
        " boolean on = bits.get(3);\n"
        " int max = stats.getMax();\n"
        " long sum = stats.getSum();\n"
        " Object tok = st.nextElement();\n"
        " Iterator<String> none = Collections.emptyIterator();\n"
        ' throw new java.text.ParseException("bad input", 0);\n'
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, "file.getCanonicalFile()")) == "std.fs.canonicalize"
    # getCanonicalFile returns a File: the chain goes on with File's members
    assert _top(_sugg(r, "file.getCanonicalFile().getParentFile()")) == "std.fs.Path.parent"
    assert _top(_sugg(r, "new BitSet(64)")) == "std.core.Array"
    assert _top(_sugg(r, "bits.get(3)")) == "std.core.Array.[]"
    assert _top(_sugg(r, "stats.getMax()")) == "std.collection.max"
    assert _top(_sugg(r, "stats.getSum()")) == "std.collection.fold"
    assert _top(_sugg(r, "st.nextElement()")) == "std.core.Iterator.next"
    assert _top(_sugg(r, "Collections.emptyIterator()")) == "std.core.Array.iterator"
    assert (
        _top(_sugg(r, 'new java.text.ParseException("bad input", 0)'))
        == "std.core.IllegalFormatException.init"
    )


def test_a_print_writer_over_a_string_writer_appends_to_the_builder(real_engine: Engine) -> None:
    # round 17 (samples 69 and 90): Java's StringWriter is a StringBuilder in Cangjie
    code = (
        "import java.io.*;\n"
        "class A { String f(OutputStream os) throws IOException {\n"
        " StringWriter sw = new StringWriter();\n"
        " PrintWriter pw = new PrintWriter(sw);\n"
        ' pw.println("<html>");\n'
        " PrintWriter other = new PrintWriter(os);\n"
        ' other.println("x");\n'
        ' PrintWriter file = new PrintWriter(new FileWriter("a.txt"));\n'
        ' file.println("z");\n'
        " return sw.toString();\n"
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    ctor = _sugg(r, "new PrintWriter(sw)")
    assert _top(ctor) is None and any("StringBuilder" in n for n in ctor.notes), ctor.notes
    assert _top(_sugg(r, 'pw.println("<html>")')) == "std.core.StringBuilder.append"
    # a PrintWriter over a stream stays the StringWriter
    assert _top(_sugg(r, "new PrintWriter(os)")) == "std.io.StringWriter.init"
    assert _top(_sugg(r, 'other.println("x")')) == "std.io.StringWriter.writeln"
    # a PrintWriter over a FileWriter (a File and its StringWriter) writes lines, it does not append
    assert _top(_sugg(r, 'file.println("z")')) == "std.io.StringWriter.writeln"


def test_builder_set_length_file_name_to_string_and_own_to_string(real_engine: Engine) -> None:
    code = (
        "import java.nio.file.*;\nimport java.lang.reflect.*;\n"
        "class A { void f(StringBuilder buff, StringBuilder sb, Path p, Constructor<?> ctor, Object o) {\n"
        " buff.setLength(buff.length() - 2);\n"
        " sb.setLength(0);\n"
        " String name = p.getFileName().toString();\n"
        " String c = ctor.toString();\n"
        " String s = String.valueOf(o);\n"
        "} }"
    )
    r = real_engine.resolver.resolve(code)
    assert _top(_sugg(r, "buff.setLength(buff.length() - 2)")) == "std.core.String.[]"
    assert _top(_sugg(r, "sb.setLength(0)")) == "std.core.StringBuilder.reset"
    # Path.fileName is a String in Cangjie: nothing to convert
    name = _sugg(r, "p.getFileName().toString()")
    assert _top(name) is None and any("String already" in n for n in name.notes), name.notes
    assert _top(_sugg(r, "p.getFileName()")) == "std.fs.Path.fileName"
    # Object's toString on an instance whose type declares its own; a static call keeps the interface's
    assert _top(_sugg(r, "ctor.toString()")) == "std.reflect.ConstructorInfo.toString"
    assert _top(_sugg(r, "String.valueOf(o)")) == "std.core.ToString.toString"
