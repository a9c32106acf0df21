"""Built-in Java type knowledge used by :mod:`cjkb_graph.java` (data only).

Small, hand-written tables: simple class name -> FQN for the commonly used JDK packages,
generic type parameters, supertypes, return types of the most common methods, static fields
and the parameter types of lambdas passed to common higher-order methods.

Return specs are tiny type expressions written with simple names (resolved through
``CLASS_FQN``) and the owner's type variables (``TYPE_PARAMS``).  Placeholders:

* ``$R``  -- the receiver type itself (with its generic arguments)
* ``$A0`` -- the (boxed) type of argument 0
* ``$E0`` -- the element type of argument 0 (array component / first type argument)
* ``$N``  -- binary numeric promotion of all argument types
* ``$L0`` -- the (boxed) result type of the lambda passed as argument 0
* ``$C``  -- the result of ``Stream.collect(Collectors.x(...))``
"""

from __future__ import annotations

import functools
import json
from importlib import resources

from .jdk_returns import RETURNS

__all__ = [
    "BOXES",
    "CLASS_FQN",
    "COLLECTOR_RESULTS",
    "CURATED_RETURNS",
    "CURATED_SUPERTYPES",
    "ENUMS",
    "FUNCTIONAL_PARAMS",
    "LAMBDA_PARAMS",
    "PRIMITIVES",
    "RETURNS",
    "STATIC_FIELDS",
    "SUPERS",
    "TYPE_PARAMS",
    "UNBOXES",
    "jdk_field_only",
    "jdk_takes",
    "member_returns",
    "supertypes",
]


def _w(words: str) -> list[str]:
    return words.split()


_PACKAGES: dict[str, str] = {
    "java.lang": """Object String StringBuilder StringBuffer Math StrictMath Integer Long Double Float
        Short Byte Boolean Character Number System Thread Runnable Iterable Comparable CharSequence Class
        Enum Record Void Process ProcessBuilder Runtime ThreadLocal AutoCloseable Cloneable Override
        Deprecated SuppressWarnings FunctionalInterface SafeVarargs StackTraceElement ClassLoader
        Exception RuntimeException Error Throwable IllegalArgumentException IllegalStateException
        NullPointerException IndexOutOfBoundsException ArrayIndexOutOfBoundsException
        StringIndexOutOfBoundsException ArithmeticException ClassCastException NumberFormatException
        UnsupportedOperationException InterruptedException CloneNotSupportedException
        ClassNotFoundException NoSuchFieldException NoSuchMethodException SecurityException
        StackOverflowError OutOfMemoryError AssertionError NegativeArraySizeException ArrayStoreException
        ReflectiveOperationException IllegalMonitorStateException InstantiationException
        IllegalAccessException""",
    "java.util": """List ArrayList LinkedList Map HashMap LinkedHashMap TreeMap Set HashSet LinkedHashSet
        TreeSet Collection Collections Arrays Iterator ListIterator Queue Deque ArrayDeque PriorityQueue
        Stack Vector Hashtable Optional OptionalInt OptionalLong OptionalDouble Objects Random Scanner
        StringJoiner UUID Comparator Date Calendar GregorianCalendar TimeZone BitSet EnumMap EnumSet
        Properties Locale Timer TimerTask SortedMap SortedSet NavigableMap NavigableSet AbstractMap
        AbstractList Base64 Formatter IdentityHashMap WeakHashMap ConcurrentModificationException
        NoSuchElementException InputMismatchException StringTokenizer Currency Spliterator
        IntSummaryStatistics DoubleSummaryStatistics LongSummaryStatistics EventListener""",
    "java.util.concurrent": """ExecutorService Executors Executor Future CompletableFuture Callable TimeUnit
        ConcurrentHashMap ConcurrentMap CopyOnWriteArrayList CopyOnWriteArraySet CountDownLatch
        CyclicBarrier Semaphore BlockingQueue BlockingDeque LinkedBlockingQueue LinkedBlockingDeque
        ArrayBlockingQueue PriorityBlockingQueue DelayQueue SynchronousQueue ThreadPoolExecutor
        ScheduledExecutorService ScheduledThreadPoolExecutor ScheduledFuture ExecutionException
        TimeoutException ConcurrentLinkedQueue ConcurrentLinkedDeque ForkJoinPool ForkJoinTask
        ThreadLocalRandom CompletionService ExecutorCompletionService ConcurrentSkipListMap
        ConcurrentSkipListSet CancellationException RejectedExecutionException CompletionException
        CompletionStage Phaser Exchanger ThreadFactory RecursiveTask RecursiveAction BrokenBarrierException""",
    "java.util.concurrent.atomic": """AtomicInteger AtomicLong AtomicBoolean AtomicReference
        AtomicIntegerArray AtomicLongArray AtomicReferenceArray LongAdder DoubleAdder""",
    "java.util.concurrent.locks": """Lock ReentrantLock ReadWriteLock ReentrantReadWriteLock Condition
        StampedLock LockSupport""",
    "java.util.function": """Function BiFunction Consumer BiConsumer Supplier Predicate BiPredicate
        UnaryOperator BinaryOperator IntFunction IntPredicate IntUnaryOperator IntBinaryOperator
        ToIntFunction ToLongFunction ToDoubleFunction ToIntBiFunction IntConsumer LongConsumer
        DoubleConsumer LongFunction DoubleFunction BooleanSupplier IntSupplier LongSupplier DoubleSupplier
        ObjIntConsumer IntToLongFunction IntToDoubleFunction LongUnaryOperator DoubleUnaryOperator
        LongBinaryOperator DoubleBinaryOperator LongPredicate DoublePredicate""",
    "java.util.stream": "Stream IntStream LongStream DoubleStream Collectors Collector StreamSupport",
    "java.util.regex": "Pattern Matcher MatchResult PatternSyntaxException",
    "java.io": """File FileReader FileWriter BufferedReader BufferedWriter InputStreamReader
        OutputStreamWriter PrintWriter PrintStream InputStream OutputStream FileInputStream
        FileOutputStream ByteArrayInputStream ByteArrayOutputStream IOException FileNotFoundException
        UncheckedIOException Reader Writer StringReader StringWriter Serializable Closeable
        DataInputStream DataOutputStream ObjectInputStream ObjectOutputStream BufferedInputStream
        BufferedOutputStream EOFException Console RandomAccessFile""",
    "java.nio.file": """Files Path Paths StandardOpenOption DirectoryStream FileSystems FileSystem
        NoSuchFileException StandardCopyOption LinkOption FileVisitResult SimpleFileVisitor
        FileAlreadyExistsException""",
    "java.nio.charset": "StandardCharsets Charset",
    "java.nio": "ByteBuffer CharBuffer ByteOrder IntBuffer",
    "java.math": "BigInteger BigDecimal RoundingMode MathContext",
    "java.time": """LocalDate LocalDateTime LocalTime Instant Duration Period ZonedDateTime ZoneId
        ZoneOffset DayOfWeek Month Year YearMonth Clock OffsetDateTime""",
    "java.time.format": "DateTimeFormatter DateTimeParseException",
    "java.time.temporal": "ChronoUnit TemporalUnit",
    "java.net": """URL URI Socket ServerSocket HttpURLConnection InetAddress URLEncoder URLDecoder
        URISyntaxException MalformedURLException""",
    "java.net.http": "HttpClient HttpRequest HttpResponse",
    "java.text": "SimpleDateFormat DecimalFormat NumberFormat MessageFormat ParseException",
    "java.security": "MessageDigest SecureRandom NoSuchAlgorithmException GeneralSecurityException",
    "javax.crypto": "Mac Cipher",
    "javax.crypto.spec": "SecretKeySpec",
}

CLASS_FQN: dict[str, str] = {}
for _pkg, _names in _PACKAGES.items():
    for _n in _names.split():
        CLASS_FQN.setdefault(_n, f"{_pkg}.{_n}")

PRIMITIVES = frozenset({"int", "long", "double", "float", "boolean", "char", "byte", "short", "void"})

BOXES: dict[str, str] = {
    "int": "java.lang.Integer",
    "long": "java.lang.Long",
    "double": "java.lang.Double",
    "float": "java.lang.Float",
    "boolean": "java.lang.Boolean",
    "char": "java.lang.Character",
    "byte": "java.lang.Byte",
    "short": "java.lang.Short",
}
UNBOXES: dict[str, str] = {v: k for k, v in BOXES.items()}

_COLL = ("E",)
_MAP = ("K", "V")
TYPE_PARAMS: dict[str, tuple[str, ...]] = {
    "java.lang.Iterable": ("T",),
    "java.lang.Comparable": ("T",),
    "java.lang.Class": ("T",),
    "java.lang.ThreadLocal": ("T",),
    "java.util.Collection": _COLL,
    "java.util.List": _COLL,
    "java.util.Set": _COLL,
    "java.util.SortedSet": _COLL,
    "java.util.NavigableSet": _COLL,
    "java.util.Queue": _COLL,
    "java.util.Deque": _COLL,
    "java.util.ArrayList": _COLL,
    "java.util.LinkedList": _COLL,
    "java.util.Vector": _COLL,
    "java.util.Stack": _COLL,
    "java.util.HashSet": _COLL,
    "java.util.LinkedHashSet": _COLL,
    "java.util.TreeSet": _COLL,
    "java.util.ArrayDeque": _COLL,
    "java.util.PriorityQueue": _COLL,
    "java.util.Iterator": _COLL,
    "java.util.ListIterator": _COLL,
    "java.util.Map": _MAP,
    "java.util.SortedMap": _MAP,
    "java.util.NavigableMap": _MAP,
    "java.util.HashMap": _MAP,
    "java.util.LinkedHashMap": _MAP,
    "java.util.TreeMap": _MAP,
    "java.util.Hashtable": _MAP,
    "java.util.EnumMap": _MAP,
    "java.util.WeakHashMap": _MAP,
    "java.util.IdentityHashMap": _MAP,
    "java.util.Map.Entry": _MAP,
    "java.util.concurrent.ConcurrentMap": _MAP,
    "java.util.concurrent.ConcurrentHashMap": _MAP,
    "java.util.concurrent.ConcurrentSkipListMap": _MAP,
    "java.util.concurrent.CopyOnWriteArrayList": _COLL,
    "java.util.concurrent.CopyOnWriteArraySet": _COLL,
    "java.util.concurrent.ConcurrentSkipListSet": _COLL,
    "java.util.concurrent.BlockingQueue": _COLL,
    "java.util.concurrent.BlockingDeque": _COLL,
    "java.util.concurrent.LinkedBlockingQueue": _COLL,
    "java.util.concurrent.LinkedBlockingDeque": _COLL,
    "java.util.concurrent.ArrayBlockingQueue": _COLL,
    "java.util.concurrent.PriorityBlockingQueue": _COLL,
    "java.util.concurrent.ConcurrentLinkedQueue": _COLL,
    "java.util.concurrent.ConcurrentLinkedDeque": _COLL,
    "java.util.Optional": ("T",),
    "java.util.Comparator": ("T",),
    "java.util.stream.Stream": ("T",),
    "java.util.stream.Collector": ("R",),
    "java.util.concurrent.Future": ("V",),
    "java.util.concurrent.CompletableFuture": ("T",),
    "java.util.concurrent.CompletionStage": ("T",),
    "java.util.concurrent.Callable": ("V",),
    "java.util.concurrent.ScheduledFuture": ("V",),
    "java.util.concurrent.atomic.AtomicReference": ("V",),
    "java.util.function.Supplier": ("T",),
    "java.util.function.Consumer": ("T",),
    "java.util.function.Predicate": ("T",),
    "java.util.function.Function": ("T", "R"),
    "java.util.function.BiFunction": ("T", "U", "R"),
    "java.util.function.UnaryOperator": ("T",),
    "java.util.function.BinaryOperator": ("T",),
}

SUPERS: dict[str, tuple[str, ...]] = {
    "java.util.Collection": ("java.lang.Iterable",),
    "java.util.List": ("java.util.Collection",),
    "java.util.Set": ("java.util.Collection",),
    "java.util.SortedSet": ("java.util.Set",),
    "java.util.NavigableSet": ("java.util.SortedSet",),
    "java.util.Queue": ("java.util.Collection",),
    "java.util.Deque": ("java.util.Queue",),
    "java.util.ArrayList": ("java.util.List",),
    "java.util.LinkedList": ("java.util.List", "java.util.Deque"),
    "java.util.Vector": ("java.util.List",),
    "java.util.Stack": ("java.util.Vector",),
    "java.util.HashSet": ("java.util.Set",),
    "java.util.LinkedHashSet": ("java.util.HashSet",),
    "java.util.TreeSet": ("java.util.NavigableSet",),
    "java.util.ArrayDeque": ("java.util.Deque",),
    "java.util.PriorityQueue": ("java.util.Queue",),
    "java.util.ListIterator": ("java.util.Iterator",),
    "java.util.SortedMap": ("java.util.Map",),
    "java.util.NavigableMap": ("java.util.SortedMap",),
    "java.util.HashMap": ("java.util.Map",),
    "java.util.LinkedHashMap": ("java.util.HashMap",),
    "java.util.TreeMap": ("java.util.NavigableMap",),
    "java.util.Hashtable": ("java.util.Map",),
    "java.util.EnumMap": ("java.util.Map",),
    "java.util.WeakHashMap": ("java.util.Map",),
    "java.util.IdentityHashMap": ("java.util.Map",),
    "java.util.concurrent.ConcurrentMap": ("java.util.Map",),
    "java.util.concurrent.ConcurrentHashMap": ("java.util.concurrent.ConcurrentMap",),
    "java.util.concurrent.ConcurrentSkipListMap": ("java.util.NavigableMap",),
    "java.util.concurrent.CopyOnWriteArrayList": ("java.util.List",),
    "java.util.concurrent.CopyOnWriteArraySet": ("java.util.Set",),
    "java.util.concurrent.ConcurrentSkipListSet": ("java.util.NavigableSet",),
    "java.util.concurrent.BlockingQueue": ("java.util.Queue",),
    "java.util.concurrent.BlockingDeque": ("java.util.concurrent.BlockingQueue", "java.util.Deque"),
    "java.util.concurrent.LinkedBlockingQueue": ("java.util.concurrent.BlockingQueue",),
    "java.util.concurrent.LinkedBlockingDeque": ("java.util.concurrent.BlockingDeque",),
    "java.util.concurrent.ArrayBlockingQueue": ("java.util.concurrent.BlockingQueue",),
    "java.util.concurrent.PriorityBlockingQueue": ("java.util.concurrent.BlockingQueue",),
    "java.util.concurrent.ConcurrentLinkedQueue": ("java.util.Queue",),
    "java.util.concurrent.ConcurrentLinkedDeque": ("java.util.Deque",),
    "java.util.concurrent.ThreadPoolExecutor": ("java.util.concurrent.ExecutorService",),
    "java.util.concurrent.ScheduledExecutorService": ("java.util.concurrent.ExecutorService",),
    "java.util.concurrent.ScheduledThreadPoolExecutor": ("java.util.concurrent.ScheduledExecutorService",),
    "java.util.concurrent.ForkJoinPool": ("java.util.concurrent.ExecutorService",),
    "java.util.concurrent.ExecutorService": ("java.util.concurrent.Executor",),
    "java.util.concurrent.CompletableFuture": ("java.util.concurrent.Future",),
    "java.util.concurrent.ScheduledFuture": ("java.util.concurrent.Future",),
    "java.util.concurrent.ThreadLocalRandom": ("java.util.Random",),
    "java.util.concurrent.locks.ReentrantLock": ("java.util.concurrent.locks.Lock",),
    "java.util.concurrent.locks.ReentrantReadWriteLock": ("java.util.concurrent.locks.ReadWriteLock",),
    "java.lang.StringBuffer": ("java.lang.StringBuilder",),
    "java.lang.Integer": ("java.lang.Number",),
    "java.lang.Long": ("java.lang.Number",),
    "java.lang.Double": ("java.lang.Number",),
    "java.lang.Float": ("java.lang.Number",),
    "java.lang.Short": ("java.lang.Number",),
    "java.lang.Byte": ("java.lang.Number",),
    "java.math.BigInteger": ("java.lang.Number",),
    "java.math.BigDecimal": ("java.lang.Number",),
    "java.io.BufferedReader": ("java.io.Reader",),
    "java.io.FileReader": ("java.io.InputStreamReader",),
    "java.io.InputStreamReader": ("java.io.Reader",),
    "java.io.StringReader": ("java.io.Reader",),
    "java.io.BufferedWriter": ("java.io.Writer",),
    "java.io.FileWriter": ("java.io.OutputStreamWriter",),
    "java.io.OutputStreamWriter": ("java.io.Writer",),
    "java.io.PrintWriter": ("java.io.Writer",),
    "java.io.StringWriter": ("java.io.Writer",),
    "java.io.FileInputStream": ("java.io.InputStream",),
    "java.io.ByteArrayInputStream": ("java.io.InputStream",),
    "java.io.BufferedInputStream": ("java.io.InputStream",),
    "java.io.DataInputStream": ("java.io.InputStream",),
    "java.io.ObjectInputStream": ("java.io.InputStream",),
    "java.io.FileOutputStream": ("java.io.OutputStream",),
    "java.io.ByteArrayOutputStream": ("java.io.OutputStream",),
    "java.io.BufferedOutputStream": ("java.io.OutputStream",),
    "java.io.DataOutputStream": ("java.io.OutputStream",),
    "java.io.ObjectOutputStream": ("java.io.OutputStream",),
    "java.io.PrintStream": ("java.io.OutputStream",),
    "java.lang.Exception": ("java.lang.Throwable",),
    "java.lang.Error": ("java.lang.Throwable",),
}


# (owner, field) -> type spec; enum constants of the listed enums are typed as the enum itself.
STATIC_FIELDS: dict[str, dict[str, str]] = {
    "java.lang.System": {
        "out": "java.io.PrintStream",
        "err": "java.io.PrintStream",
        "in": "java.io.InputStream",
    },
    "java.lang.Integer": {"MAX_VALUE": "int", "MIN_VALUE": "int", "SIZE": "int", "BYTES": "int"},
    "java.lang.Long": {"MAX_VALUE": "long", "MIN_VALUE": "long", "SIZE": "int", "BYTES": "int"},
    "java.lang.Double": {
        **dict.fromkeys(_w("MAX_VALUE MIN_VALUE POSITIVE_INFINITY NEGATIVE_INFINITY NaN"), "double")
    },
    "java.lang.Float": {
        **dict.fromkeys(_w("MAX_VALUE MIN_VALUE POSITIVE_INFINITY NEGATIVE_INFINITY NaN"), "float")
    },
    "java.lang.Short": {"MAX_VALUE": "short", "MIN_VALUE": "short"},
    "java.lang.Byte": {"MAX_VALUE": "byte", "MIN_VALUE": "byte"},
    "java.lang.Character": {"MAX_VALUE": "char", "MIN_VALUE": "char"},
    "java.lang.Math": {"PI": "double", "E": "double"},
    "java.lang.Boolean": {"TRUE": "Boolean", "FALSE": "Boolean"},
    "java.lang.String": {"CASE_INSENSITIVE_ORDER": "Comparator<String>"},
    "java.nio.charset.StandardCharsets": {
        **dict.fromkeys(_w("UTF_8 US_ASCII ISO_8859_1 UTF_16 UTF_16BE UTF_16LE"), "Charset")
    },
    "java.math.BigInteger": {**dict.fromkeys(_w("ZERO ONE TWO TEN"), "BigInteger")},
    "java.math.BigDecimal": {**dict.fromkeys(_w("ZERO ONE TEN"), "BigDecimal")},
    "java.util.Collections": {"EMPTY_LIST": "List", "EMPTY_MAP": "Map", "EMPTY_SET": "Set"},
    "java.io.File": {"separator": "String", "pathSeparator": "String", "separatorChar": "char"},
}

ENUMS = frozenset(
    {
        "java.util.concurrent.TimeUnit",
        "java.time.temporal.ChronoUnit",
        "java.time.DayOfWeek",
        "java.time.Month",
        "java.math.RoundingMode",
        "java.nio.file.StandardOpenOption",
        "java.nio.file.StandardCopyOption",
        "java.nio.file.LinkOption",
        "java.nio.file.FileVisitResult",
        "java.lang.Thread.State",
        "java.util.Locale",
    }
)

# Lambda parameter types for lambdas passed to common higher-order methods (owner -> method -> params).
_ELEM1 = ("E",)
LAMBDA_PARAMS: dict[str, dict[str, tuple[str, ...]]] = {
    "java.lang.Iterable": {"forEach": ("T",)},
    "java.util.Collection": {"removeIf": _ELEM1},
    "java.util.List": {"replaceAll": _ELEM1, "sort": ("E", "E")},
    "java.util.Iterator": {"forEachRemaining": _ELEM1},
    "java.util.Map": {
        "forEach": ("K", "V"),
        "computeIfAbsent": ("K",),
        "computeIfPresent": ("K", "V"),
        "compute": ("K", "V"),
        "merge": ("V", "V"),
        "replaceAll": ("K", "V"),
    },
    "java.util.stream.Stream": {
        **dict.fromkeys(
            _w("""filter map flatMap forEach forEachOrdered anyMatch allMatch noneMatch peek mapToInt mapToLong
            mapToDouble takeWhile dropWhile"""),
            ("T",),
        ),
        **dict.fromkeys(_w("sorted min max reduce"), ("T", "T")),
    },
    "java.util.stream.IntStream": {
        **dict.fromkeys(
            _w("map filter forEach mapToObj anyMatch allMatch noneMatch peek mapToLong mapToDouble"), ("int",)
        ),
        "reduce": ("int", "int"),
    },
    "java.util.Optional": {**dict.fromkeys(_w("ifPresent map filter flatMap ifPresentOrElse"), ("T",))},
    "java.util.concurrent.CompletableFuture": {
        **dict.fromkeys(_w("thenApply thenAccept thenCompose whenComplete handle"), ("T",))
    },
}

# The parameters of a lambda written for a functional interface (``Function<int[], Double> f = v ->
# ..``, ``Comparator<Order> c = (a, b) -> ..``): an index into the declared type's arguments, or a
# primitive the interface fixes (IntPredicate's int).
_FN = "java.util.function."
FUNCTIONAL_PARAMS: dict[str, tuple[int | str, ...]] = {
    **{_FN + n: (0,) for n in _w("""Function Consumer Predicate UnaryOperator ToIntFunction ToLongFunction
        ToDoubleFunction""")},
    **{_FN + n: (0, 1) for n in _w("""BiFunction BiConsumer BiPredicate ToIntBiFunction ToLongBiFunction
        ToDoubleBiFunction""")},
    _FN + "BinaryOperator": (0, 0),
    "java.util.Comparator": (0, 0),
    _FN + "ObjIntConsumer": (0, "int"),
    _FN + "ObjLongConsumer": (0, "long"),
    _FN + "ObjDoubleConsumer": (0, "double"),
    **{
        _FN + p.capitalize() + n: (p,) * k
        for p in ("int", "long", "double")
        for n, k in (("Function", 1), ("Predicate", 1), ("Consumer", 1), ("UnaryOperator", 1),
                     ("BinaryOperator", 2), ("ToIntFunction", 1), ("ToLongFunction", 1),
                     ("ToDoubleFunction", 1))
        if n != f"To{p.capitalize()}Function"  # no IntToIntFunction
    },
}  # fmt: skip

COLLECTOR_RESULTS: dict[str, str] = {
    "toList": "List<$S>",
    "toUnmodifiableList": "List<$S>",
    "toSet": "Set<$S>",
    "toUnmodifiableSet": "Set<$S>",
    "toMap": "Map",
    "toUnmodifiableMap": "Map",
    "groupingBy": "Map<$L0,List<$S>>",
    "groupingByConcurrent": "Map",
    "partitioningBy": "Map<Boolean,List<$S>>",
    "joining": "String",
    "counting": "Long",
    "toCollection": "Collection",
    "summingInt": "Integer",
    "summingLong": "Long",
    "summingDouble": "Double",
    "averagingInt": "Double",
    "averagingLong": "Double",
    "averagingDouble": "Double",
    "minBy": "Optional<$S>",
    "maxBy": "Optional<$S>",
}


# ---------------------------------------------------------------------------------------------
# Curated facts (jdk_facts.json, written by scripts/migrate_jdk_facts.py from the mapping tables)
#
# ``returns``: owner FQN -> member key (``name`` or ``name/arity``) -> the Java return type written
# with FQNs (``java.util.Optional``, ``int``, ``E``, ``byte[]``), as the graph's java_member nodes
# carry it; ``supertypes``: type FQN -> its supertypes that matter for member lookup, in order (the
# graph's ``inherits`` edges).  Both are merged into RETURNS / SUPERS below, so the extractor and
# the graph see the same facts; tests/test_jdk_facts.py checks that the two notations agree.


def _load_facts() -> tuple[dict[str, dict[str, str]], dict[str, tuple[str, ...]]]:
    text = resources.files(__package__).joinpath("jdk_facts.json").read_text(encoding="utf-8")
    data = json.loads(text)
    returns = {str(o): {str(k): str(v) for k, v in ms.items()} for o, ms in data.get("returns", {}).items()}
    supers = {str(t): tuple(str(s) for s in ss) for t, ss in data.get("supertypes", {}).items()}
    return returns, supers


CURATED_RETURNS, CURATED_SUPERTYPES = _load_facts()


def _builtin_has(owner: str, key: str) -> bool:
    """Whether the built-in returns cover ``key`` on ``owner`` or a supertype (or Object)."""
    seen: set[str] = set()
    queue = [owner, "java.lang.Object"]
    while queue:
        cur = queue.pop(0)
        if cur in seen:
            continue
        seen.add(cur)
        if key in RETURNS.get(cur, {}):
            return True
        queue.extend(SUPERS.get(cur, ()))
    return False


def _merge() -> None:
    for fqn, sups in CURATED_SUPERTYPES.items():
        have = SUPERS.get(fqn, ())
        SUPERS[fqn] = have + tuple(s for s in sups if s not in have)
    # a built-in spec (with generics / placeholders), also an inherited one, is finer: curated
    # facts only fill the gaps (an arity-specific fact is a gap unless that arity is covered)
    missing = [
        (owner, key, ret)
        for owner, members in CURATED_RETURNS.items()
        for key, ret in members.items()
        if not _builtin_has(owner, key)
    ]
    for owner, key, ret in missing:
        RETURNS.setdefault(owner, {})[key] = ret


_merge()


def member_returns(owner: str, name: str, arity: int | None) -> str | None:
    """The curated return type of ``owner.name`` (``arity`` None: all overloads), FQN notation."""
    members = CURATED_RETURNS.get(owner)
    if not members:
        return None
    return members.get(name if arity is None else f"{name}/{arity}")


def supertypes(fqn: str) -> tuple[str, ...]:
    """The supertypes of ``fqn`` (the graph's ``inherits`` edges), in order: the facts' and the
    hand-written ones merged (``PriorityQueue`` is a ``Queue`` though the facts leave it out)."""
    return SUPERS.get(fqn, ())


# Public member names of the JDK classes (declared and inherited, from JDK 17 ``javap -public``),
# the public top-level names of java.lang and the generic classes: written by
# scripts/gen_jdk_members.py.
def _load_members() -> tuple[
    frozenset[str],
    dict[str, frozenset[str]],
    dict[str, frozenset[str]],
    dict[str, dict[str, tuple[int, ...]]],
    frozenset[str],
]:
    text = resources.files(__package__).joinpath("jdk_members.json").read_text(encoding="utf-8")
    data = json.loads(text)
    members = {str(t): frozenset(str(n) for n in ns) for t, ns in data.get("members", {}).items()}
    statics = {str(t): frozenset(str(n) for n in ns) for t, ns in data.get("static_only", {}).items()}
    arities = {
        str(t): {str(n): tuple(int(a) for a in ar) for n, ar in ms.items()}
        for t, ms in data.get("arities", {}).items()
    }
    generic = frozenset(str(t) for t in data.get("generic", []))
    return frozenset(str(n) for n in data.get("java_lang", [])), members, statics, arities, generic


JAVA_LANG_NAMES, JDK_MEMBERS, JDK_STATIC_ONLY, JDK_ARITIES, JDK_GENERIC = _load_members()


# JDK nested types the member facts do not list (javap lists members, not member types)
_NESTED_NAMES = """java.lang.Character.UnicodeBlock java.lang.Character.UnicodeScript java.lang.Character.Subset
    java.lang.Thread.State java.lang.Thread.UncaughtExceptionHandler java.lang.Thread.Builder
    java.lang.ProcessBuilder.Redirect java.lang.ProcessHandle.Info java.lang.Runtime.Version
    java.lang.System.Logger java.lang.StackWalker.StackFrame java.lang.StackWalker.Option
    java.lang.invoke.MethodHandles.Lookup java.util.Locale.Category java.util.Locale.Builder
    java.util.Locale.LanguageRange java.util.Map.Entry java.util.AbstractMap.SimpleEntry
    java.util.AbstractMap.SimpleImmutableEntry java.util.Base64.Encoder java.util.Base64.Decoder
    java.util.Spliterator.OfInt java.util.Spliterator.OfLong java.util.Spliterator.OfDouble
    java.util.PrimitiveIterator.OfInt java.util.PrimitiveIterator.OfLong java.util.PrimitiveIterator.OfDouble
    java.util.ResourceBundle.Control java.util.stream.Stream.Builder java.util.stream.IntStream.Builder
    java.util.stream.Collector.Characteristics java.util.concurrent.ConcurrentHashMap.KeySetView
    java.util.concurrent.ForkJoinPool.ManagedBlocker java.util.concurrent.ForkJoinPool.ForkJoinWorkerThreadFactory
    java.util.concurrent.ThreadPoolExecutor.AbortPolicy java.util.concurrent.ThreadPoolExecutor.CallerRunsPolicy
    java.util.concurrent.ThreadPoolExecutor.DiscardPolicy java.util.concurrent.ThreadPoolExecutor.DiscardOldestPolicy
    java.net.Proxy.Type java.net.Authenticator.RequestorType java.net.http.HttpClient.Version
    java.net.http.HttpClient.Redirect java.net.http.HttpClient.Builder java.net.http.HttpRequest.Builder
    java.net.http.HttpRequest.BodyPublisher java.net.http.HttpRequest.BodyPublishers
    java.net.http.HttpResponse.BodyHandler java.net.http.HttpResponse.BodyHandlers
    java.net.http.HttpResponse.BodySubscribers java.nio.channels.FileChannel.MapMode
    java.nio.file.WatchEvent.Kind java.nio.file.DirectoryStream.Filter java.text.Normalizer.Form"""
_NESTED = frozenset(_NESTED_NAMES.split())


def jdk_nested(owner: str, name: str) -> bool:
    """Whether ``owner.name`` may be a nested type: False only when ``owner`` is a JDK class the
    member facts know and ``name`` is none of its nested types (``Error.Failure`` of a project's own
    ``Error`` class is no ``java.lang.Error.Failure``)."""
    fqn = f"{owner}.{name}"
    return owner not in JDK_MEMBERS or fqn in JDK_MEMBERS or fqn in _NESTED


def jdk_takes(fqn: str, name: str, arity: int) -> bool | None:
    """Whether some public method ``name`` of the JDK class ``fqn`` (inherited ones included) takes
    ``arity`` arguments (a varargs one, stored as ``-n``, takes ``n - 1`` or more); None when the
    facts do not list the method (a field, a type the facts lack) or the count is unknown (a method
    reference, ``list::add``, has ``arity`` -1)."""
    counts = JDK_ARITIES.get(fqn, {}).get(name)
    if counts is None or arity < 0:
        return None
    return any(a == arity or (a < 0 and arity >= -a - 1) for a in counts)


def jdk_field_only(fqn: str, name: str) -> bool:
    """Whether ``name`` is a public field of the JDK class ``fqn`` and no method of it
    (``System.in``, ``Integer.MAX_VALUE``): a call ``x.in(..)`` is no member of that class."""
    arities = JDK_ARITIES.get(fqn)
    return arities is not None and name not in arities and name in JDK_MEMBERS.get(fqn, ())


def jdk_generic(fqn: str) -> bool | None:
    """Whether the JDK class ``fqn`` declares type parameters (``ArrayList<E>``; ``Reader`` does
    not); None when the member facts do not know the class."""
    if fqn not in JDK_MEMBERS:
        return None
    return fqn in JDK_GENERIC


def jdk_static_only(fqn: str, name: str) -> bool:
    """Whether the JDK class ``fqn`` declares ``name`` only as a static method (File.createTempFile)."""
    return name in JDK_STATIC_ONLY.get(fqn, ())


@functools.cache
def _keywords() -> dict[str, tuple[str, ...]]:
    text = resources.files(__package__).joinpath("jdk_keywords.json").read_text(encoding="utf-8")
    return {str(k): tuple(str(w) for w in v) for k, v in json.loads(text).items()}


def member_keywords(qualname: str) -> list[str]:
    """Task words for a JDK member from its Javadoc's first sentence (scripts/jdk_keywords.py):
    ``java.lang.System.getenv`` -> environment, variable, ... (empty when it has none)."""
    return list(_keywords().get(qualname, ()))


def jdk_has_member(fqn: str, name: str) -> bool | None:
    """Whether the JDK class ``fqn`` has a public member ``name`` (None: the class is not in the facts)."""
    names = JDK_MEMBERS.get(fqn)
    if names is None:
        return None
    return name in names or name == "<init>"
