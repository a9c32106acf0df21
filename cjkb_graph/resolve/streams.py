"""Java's text streams where Cangjie has fewer: which readers, writers and prints a snippet needs.

* A reader or ``Scanner`` made over ``System.in`` is the console: ``std.env.getStdIn()`` (a
  ``ConsoleReader``) reads it directly, the reader itself is not made and not closed; a writer or
  stream made over ``System.out`` or ``System.err`` likewise is ``std.env.getStdOut()``/``getStdErr()``
  (a ``ConsoleWriter``), which writes, ends lines and flushes itself.
* A ``PrintWriter`` over a Java ``StringWriter`` (a ``StringBuilder`` in Cangjie) is no writer: its
  prints are the builder's ``append``.
* A text reader or writer wrapped around another that is a ``StringReader``/``StringWriter`` already
  has no API of its own.
* A ``PrintStream`` the snippet is given or makes (not ``System.out``) is a ``StringWriter`` over its
  stream: its prints are ``writeln``/``write``.
* ``System.out`` or ``System.err`` handed to ``e.printStackTrace(..)`` is no API: Cangjie's
  ``printStackTrace()`` takes no stream and prints to standard error.
* The writer of a web framework's response (``out = response.getWriter()``) and the reader of its
  request (``request.getReader()``) are no std/stdx objects: what is written is the response body,
  what is read the request body.
"""

from __future__ import annotations

import re

from ..java import JavaCall

__all__ = [
    "CONSOLE_CLOSE_NOTE",
    "FRAMEWORK_NOTES",
    "PRINTER_NOTE",
    "PRINTS",
    "PRINT_STREAM",
    "PRINT_WRITER",
    "READERS",
    "STDIN_NOTE",
    "STDIN_WRAPPER",
    "TRACE_STREAM_NOTE",
    "WRAPPER_NOTE",
    "WRITER_TYPES",
    "console_readers",
    "console_wrapper_note",
    "console_write",
    "console_writers",
    "ends_with_newline",
    "framework_stream_note",
    "framework_streams",
    "scanner_line",
    "stream_first",
    "stream_print",
    "string_printers",
    "text_stream_wrapper",
    "trace_stream",
]

PRINT_WRITER = "java.io.PrintWriter"
WRITER_TYPES = frozenset({PRINT_WRITER, "java.io.Writer"})
READERS = frozenset({"java.io.BufferedReader", "java.io.InputStreamReader", "java.io.Reader"})
PRINTS = frozenset({"print", "println", "printf"})

# a reader made over System.in is the console: std.env.getStdIn() (ConsoleReader) reads it directly
_OVER_STDIN = (
    r"new\s+(?:(?:java\.io\.)?(?:BufferedReader|InputStreamReader)|(?:java\.util\.)?Scanner)"
    r"\s*\([^;]*\bSystem\s*\.\s*in\b"
)


def _made_over(over: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The patterns of a variable assigned a stream made ``over`` the console (``br = new ..``) and
    of that construction's own text."""
    return re.compile(r"\b(\w+)\s*=\s*" + over), re.compile(r"^" + over)


_STDIN_READER, STDIN_WRAPPER = _made_over(_OVER_STDIN)
STDIN_NOTE = (
    "a reader around System.in is not needed: std.env.getStdIn() is the console's ConsoleReader, "
    "read line by line with readln() (None at the end of input)"
)
CONSOLE_CLOSE_NOTE = (
    "the console is not closed: a reader around System.in or a writer around System.out has nothing of "
    "its own to close"
)

# a writer or stream made over System.out or System.err is the console: std.env.getStdOut() or
# getStdErr() (ConsoleWriter) writes, ends lines and flushes directly
_OVER_STDOUT = (
    r"new\s+(?:java\.io\.)?(?:BufferedWriter|PrintWriter|OutputStreamWriter|PrintStream|BufferedOutputStream)"
    r"\s*\([^;]*\bSystem\s*\.\s*(?:out|err)\b"
)
_STDOUT_WRITER, _STDOUT_WRAPPER = _made_over(_OVER_STDOUT)
STDOUT_NOTE = (
    "a writer around System.out (or System.err) is not needed: std.env.getStdOut() (getStdErr()) is the "
    "console's ConsoleWriter, with write, writeln and flush"
)
# what a console writer's calls are (print and printf write text, println and newLine end a line)
_CONSOLE_WRITES = {
    "write": "std.env.ConsoleWriter.write",
    "print": "std.env.ConsoleWriter.write",
    "append": "std.env.ConsoleWriter.write",
    "println": "std.env.ConsoleWriter.writeln",
    "newLine": "std.env.ConsoleWriter.writeln",
    "flush": "std.env.ConsoleWriter.flush",
}
_CONSOLE_WRITE_WHY = "the writer writes to System.out: std.env.getStdOut(), a ConsoleWriter"

TRACE_STREAM_NOTE = (
    "the stream handed to printStackTrace(..) is not needed: Cangjie's printStackTrace() takes none and "
    "prints to standard error (for standard output, println(e) and each getStackTrace() element)"
)


def trace_stream(calls: list[JavaCall], i: int) -> bool:
    """Whether ``calls[i]`` is ``System.out``/``System.err`` only handed to ``e.printStackTrace(..)``
    of the same line."""
    c = calls[i]
    if c.kind != "field" or c.java_type != "java.lang.System" or c.method not in ("out", "err"):
        return False
    handed = re.compile(r"\.\s*printStackTrace\s*\(\s*" + re.escape(c.text.strip()) + r"\s*\)$")
    return any(
        o.method == "printStackTrace" and o.line == c.line and handed.search(o.text.strip()) for o in calls
    )


# a PrintWriter made over a Java StringWriter (itself a StringBuilder in Cangjie): its prints append
_STRING_WRITER_VAR = re.compile(
    r"\b(\w+)\s*=\s*new\s+(?:java\.io\.)?StringWriter\s*\(|\bStringWriter\s+(\w+)\b"
)
_PRINTER_OVER = re.compile(
    r"\b(\w+)\s*=\s*new\s+(?:java\.io\.)?PrintWriter\s*\(\s*(new\s+(?:java\.io\.)?StringWriter\b|\w+)"
)


def string_printers(code: str) -> set[str]:
    """The variables a snippet assigns a PrintWriter made over a StringWriter (``pw = new
    PrintWriter(sw)`` with ``sw = new StringWriter()``): their prints are the builder's appends."""
    if "StringWriter" not in code:
        return set()
    writers = {a or b for a, b in _STRING_WRITER_VAR.findall(code)}
    return {
        m.group(1)
        for m in _PRINTER_OVER.finditer(code)
        if re.match(r"new\s", m.group(2)) or m.group(2) in writers  # not new FileWriter(..)
    }


PRINT_STREAM = "java.io.PrintStream"
_FORMAT_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_FORMAT_RUN = re.compile(r'"(?:[^"\\]|\\.)*"(?:\s*\+\s*"(?:[^"\\]|\\.)*")*')
_STREAM_NAME = re.compile(r"(?:this\s*\.\s*)?([A-Za-z_$][\w$]*)")
# `out = System.out`: the console, whatever the variable's name
_CONSOLE_PRINTER = re.compile(r"\b(\w+)\s*=\s*(?:java\s*\.\s*lang\s*\.\s*)?System\s*\.\s*(?:out|err)\b")
_STREAM_PRINT_WHY = (
    "the PrintStream is a stream the snippet is given or makes, not System.out: a StringWriter over it"
)


def ends_with_newline(text: str) -> bool:
    """``printf("a = %d\n", a)``, ``format("..%n%n", ..)``: the format string (the call's first
    string literal) ends with a newline, its last line's (``println("a = ${a}\n")`` for the second);
    one that starts with a newline too (``"\nsum %d\n"``) is a block of its own: print."""
    m = _FORMAT_RUN.search(text)
    if m is None:
        return False
    # "x=%s, " + "y=%s%n": a format written as literals joined by + is their concatenation
    fmt = "".join(_FORMAT_STRING.findall(m.group(0)))
    return fmt.endswith(("\\n", "%n")) and not fmt.startswith(("\\n", "%n"))


def stream_print(call: JavaCall, code: str) -> tuple[str, str] | None:
    """``out.println(x)`` on a PrintStream the snippet names (a parameter, a variable, a field) that
    is not the console (``System.out`` or a variable assigned it): the StringWriter over that
    stream writes it, ``writeln`` for a line (println, or a format ending with a newline), ``write``
    for the rest; with why. None for any other call."""
    m = _STREAM_NAME.fullmatch(call.receiver or "")
    if call.java_type != PRINT_STREAM or call.method not in (*PRINTS, "format") or m is None:
        return None
    if m.group(1) in _CONSOLE_PRINTER.findall(code):
        return None
    line = call.method == "println" or (call.method != "print" and ends_with_newline(call.text))
    return ("std.io.StringWriter.writeln" if line else "std.io.StringWriter.write"), _STREAM_PRINT_WHY


def scanner_line(call: JavaCall, code: str) -> tuple[str, str] | None:
    """``scanner.nextLine()`` on a Scanner the snippet makes over a file, stream or String (not
    System.in): a line of that text, read by the StringReader over it (``readln``); ``scanner.next()``
    the next of the text's words, split on white space (``Iterator.next``); with why. None for any
    other call."""
    target = _SCANNER_READS.get(call.method)
    if call.java_type != _SCANNER or target is None or not _IDENT.fullmatch(call.receiver or ""):
        return None
    made = re.search(rf"\b{re.escape(call.receiver or '')}\s*=\s*(new\s+(?:java\.util\.)?Scanner\s*\()", code)
    if made is None or STDIN_WRAPPER.match(code[made.start(1) :]):
        return None
    return target


_SCANNER_OVER_TEXT = "a Scanner over a file, stream or String (not System.in) is a StringReader over it: "
_SCANNER_READS = {
    "nextLine": (
        "std.io.StringReader.readln",
        _SCANNER_OVER_TEXT + "reader.readln() gives the next line (None at the end)",
    ),
    "next": (
        "std.core.Iterator.next",
        _SCANNER_OVER_TEXT
        + "next() is the next word: split the text on white space once and take the words' iterator's next()",
    ),
}


_SCANNER = "java.util.Scanner"
_IDENT = re.compile(r"[A-Za-z_$][\w$]*")


def console_writers(code: str) -> set[str]:
    """The variables a snippet assigns a writer or stream made over System.out or System.err
    (``bw = new BufferedWriter(new OutputStreamWriter(System.out))``, ``out = new PrintWriter(System.out)``)."""
    return {m.group(1) for m in _STDOUT_WRITER.finditer(code)} if "System" in code else set()


def console_wrapper_note(text: str) -> str | None:
    """Why ``new BufferedReader(new InputStreamReader(System.in))`` or ``new PrintWriter(System.out)``
    has no API of its own (the console is ``getStdIn()``/``getStdOut()``), or None."""
    text = text.strip()
    return STDIN_NOTE if STDIN_WRAPPER.match(text) else STDOUT_NOTE if _STDOUT_WRAPPER.match(text) else None


def console_write(call: JavaCall, code: str) -> tuple[str, str] | None:
    """``bw.write(s)``, ``out.println(x)``, ``out.flush()`` on a writer the snippet makes over
    System.out: the ConsoleWriter's ``write``/``writeln``/``flush``, with why; a ``printf`` whose format
    ends with a newline is a line. None for any other call."""
    method = call.method
    if method in _FORMAT_CALLS:
        method = "println" if ends_with_newline(call.text) else "print"
    target = _CONSOLE_WRITES.get(method)
    if (
        target is None
        or not _IDENT.fullmatch(call.receiver or "")
        or call.receiver not in console_writers(code)
    ):
        return None
    return target, _CONSOLE_WRITE_WHY


_FORMAT_CALLS = frozenset({"printf", "format"})


def console_for_writing(call: JavaCall, code: str) -> tuple[str, str] | None:
    """``System.console()`` in a snippet that only writes to it (``console.printf(..)``,
    ``System.console().writer()``) and reads nothing from it (``readLine``, ``readPassword``,
    ``reader()``): the console's output, ``getStdOut()``; with why. None otherwise."""
    if (call.java_type, call.method) != ("java.lang.System", "console"):
        return None
    # the console's uses: System.console().printf(..), or on the variables it is kept in
    held = [_CONSOLE_CALL, *(rf"\b{re.escape(m.group(1))}\b" for m in _CONSOLE_KEPT.finditer(code))]
    uses = [m.group(1) for m in re.finditer(rf"(?:{'|'.join(held)})\s*\.\s*(\w+)\s*\(", code)]
    if not any(u in _CONSOLE_OUTPUT_CALLS for u in uses) or any(u in _CONSOLE_INPUT_CALLS for u in uses):
        return None
    return "std.env.getStdOut", "the snippet only writes to the console: its output is getStdOut()"


_CONSOLE_CALL = r"\bSystem\s*\.\s*console\s*\(\s*\)"
_CONSOLE_KEPT, _ = _made_over(_CONSOLE_CALL)  # console = System.console()
_CONSOLE_OUTPUT_CALLS = frozenset({"printf", "format", "writer", "flush"})
_CONSOLE_INPUT_CALLS = frozenset({"readLine", "readPassword", "reader"})


def stream_first(call: JavaCall, code: str) -> tuple[str, str] | None:
    """The API a stream call's receiver asks for whatever the table says, with why: a writer over
    the console (``console_write``), a PrintStream over another stream (``stream_print``), a Scanner
    over a file or String (``scanner_line``), a console only written to (``console_for_writing``);
    None for any other call."""
    return (
        console_write(call, code)
        or stream_print(call, code)
        or scanner_line(call, code)
        or console_for_writing(call, code)
    )


def console_readers(code: str) -> set[str]:
    """The variables a snippet assigns a reader made over System.in (``br = new BufferedReader(new
    InputStreamReader(System.in))``): their reads are the console's."""
    return {m.group(1) for m in _STDIN_READER.finditer(code)}


_TEXT_WRAPPER = re.compile(
    r"^new\s+(?:java\.io\.)?(?:BufferedReader|BufferedWriter|PrintWriter|LineNumberReader)\s*(?:<\s*>)?\s*\(\s*"
)
# readers and writers that are a StringReader or StringWriter in Cangjie (a FileReader is a File, a
# Java StringWriter a StringBuilder: the wrapper around those is the StringReader or StringWriter)
_TEXT_STREAMS = (
    r"(?:Reader|Writer|InputStreamReader|OutputStreamWriter|BufferedReader|BufferedWriter|PrintWriter)"
)
_INNER_TEXT_STREAM = re.compile(r"new\s+(?:java\.io\.)?" + _TEXT_STREAMS + r"\s*(?:<\s*>)?\s*\(")
_TEXT_STREAM_TYPE = re.compile(r"(?:java\.io\.)?" + _TEXT_STREAMS)
# a line reader around a FileReader: the file (File(path, OpenMode.Read)) is read through one
# StringReader, which reads lines itself
_LINE_READERS = frozenset({"java.io.BufferedReader", "java.io.LineNumberReader"})
_INNER_FILE_READER = re.compile(r"new\s+(?:java\.io\.)?FileReader\s*\(")
FILE_READER_NOTE = (
    "a line reader around a FileReader: in Cangjie the file, File(path, OpenMode.Read), is read through "
    "one StringReader(file), which reads lines itself (readln); no second wrapper"
)
_STRING_WRITER = "java.io.StringWriter"
_NEW_STRING_WRITER = re.compile(r"new\s+(?:java\.io\.)?StringWriter\s*\(")
WRAPPER_NOTE = (
    "a text reader or writer wrapped around another one: the inner one is the StringReader or "
    "StringWriter, which reads lines and writes text itself; no second wrapper"
)
PRINTER_NOTE = (
    "a PrintWriter over a Java StringWriter: in Cangjie the StringWriter is a StringBuilder, which "
    "takes the prints itself (sb.append(x)); no writer to make"
)


def text_stream_wrapper(call: JavaCall) -> str | None:
    """Why ``new BufferedWriter(new OutputStreamWriter(out))``, ``new PrintWriter(writer)`` has no
    API: a Reader or Writer around another that is a StringReader or StringWriter already (by the
    argument's text or its declared type), a line reader around a ``new FileReader(..)`` (the file's
    one StringReader), or a PrintWriter around a Java StringWriter (a StringBuilder, which takes the
    prints itself). None for any other call."""
    m = _TEXT_WRAPPER.match(call.text.strip()) if call.method == "<init>" else None
    if not m:
        return None
    if _INNER_TEXT_STREAM.match(call.text.strip(), m.end()):
        return WRAPPER_NOTE
    if call.java_type in _LINE_READERS and _INNER_FILE_READER.match(call.text.strip(), m.end()):
        return FILE_READER_NOTE
    first = (call.arg_types or [None])[0] or ""
    if call.java_type == PRINT_WRITER and (
        first == _STRING_WRITER or _NEW_STRING_WRITER.match(call.text.strip(), m.end())
    ):
        return PRINTER_NOTE
    return WRAPPER_NOTE if _TEXT_STREAM_TYPE.fullmatch(first) else None


# PrintWriter out = response.getWriter(), BufferedReader in = request.getReader(): a web framework's
# response writer or request reader (no JDK type has a getWriter() or getReader() that a snippet
# calls); what is written is the response body, what is read the request body
_FRAMEWORK_STREAM = re.compile(r"\b(\w+)\s*=\s*(?:\(\s*\w+\s*\)\s*)?\w+\s*\.\s*get(Writer|Reader)\s*\(\s*\)")
_FRAMEWORK_TYPES = {"Writer": WRITER_TYPES, "Reader": READERS}
FRAMEWORK_NOTES = {
    "Writer": (
        "the writer is the web framework's response (x.getWriter()): what is written is the response "
        "body, which stdx.net.http sets with HttpResponseBuilder.body(..) in a handler"
    ),
    "Reader": (
        "the reader is the web framework's request (x.getReader()): what is read is the request "
        "body, which stdx.net.http gives a handler as HttpRequest.body"
    ),
}


def framework_streams(code: str) -> dict[str, str]:
    """The variables a snippet assigns a framework's writer or reader (``out = response.getWriter()``,
    ``in = request.getReader()``), each with ``"Writer"`` or ``"Reader"``."""
    if "getWriter" not in code and "getReader" not in code:
        return {}
    return dict(_FRAMEWORK_STREAM.findall(code))


def framework_stream_note(call: JavaCall, streams: dict[str, str]) -> str | None:
    """Why a call on a framework's writer or reader (``out.println(..)``) has no API, or None."""
    kind = streams.get(call.receiver or "")
    return FRAMEWORK_NOTES[kind] if kind and call.java_type in _FRAMEWORK_TYPES[kind] else None
