"""Built-in return types of common JDK methods: the ``RETURNS`` data of :mod:`cjkb_graph.java.jdk`.

Import it through ``cjkb_graph.java.jdk`` (which merges the curated additions of ``jdk_facts.json``).
"""

from __future__ import annotations


def _w(words: str) -> list[str]:
    return words.split()


_STRING_RET = {
    **dict.fromkeys(
        _w("length indexOf lastIndexOf compareTo compareToIgnoreCase hashCode codePointAt"), "int"
    ),
    "charAt": "char",
    **dict.fromkeys(
        _w("""substring toUpperCase toLowerCase trim strip stripLeading stripTrailing replace replaceAll
        replaceFirst concat repeat intern formatted translateEscapes indent toString valueOf format join
        copyValueOf"""),
        "String",
    ),
    **dict.fromkeys(
        _w("equals equalsIgnoreCase contains startsWith endsWith isEmpty isBlank matches contentEquals"),
        "boolean",
    ),
    "split": "String[]",
    "toCharArray": "char[]",
    "getBytes": "byte[]",
    "chars": "IntStream",
    "lines": "Stream<String>",
}
_SB_RET = {
    **dict.fromkeys(_w("append insert reverse delete deleteCharAt replace"), "$R"),
    **dict.fromkeys(_w("toString substring"), "String"),
    **dict.fromkeys(_w("length indexOf lastIndexOf capacity compareTo"), "int"),
    "charAt": "char",
    **dict.fromkeys(_w("setCharAt setLength ensureCapacity trimToSize"), "void"),
    "isEmpty": "boolean",
    "chars": "IntStream",
}
_NUM_RET = {
    "intValue": "int",
    "longValue": "long",
    "doubleValue": "double",
    "floatValue": "float",
    "shortValue": "short",
    "byteValue": "byte",
}


def _wrapper(prim: str, box: str, parse: str) -> dict[str, str]:
    return {
        parse: prim,
        "valueOf": box,
        **dict.fromkeys(_w("toString toBinaryString toHexString toOctalString"), "String"),
        **dict.fromkeys(_w("compare compareTo hashCode signum bitCount numberOfTrailingZeros"), "int"),
        **dict.fromkeys(_w("max min sum abs reverse highestOneBit lowestOneBit parseUnsignedInt"), prim),
        **dict.fromkeys(_w("equals isNaN isInfinite isFinite"), "boolean"),
        **_NUM_RET,
    }


_COLLECTION_RET = {
    **dict.fromkeys(_w("size indexOf lastIndexOf hashCode"), "int"),
    **dict.fromkeys(
        _w("add contains isEmpty addAll removeAll containsAll retainAll offer removeIf equals"), "boolean"
    ),
    **dict.fromkeys(
        _w("""get set getFirst getLast removeFirst removeLast peek poll pop element first last pollFirst pollLast
        peekFirst peekLast take ceiling floor higher lower"""),
        "E",
    ),
    **dict.fromkeys(_w("stream parallelStream"), "Stream<E>"),
    "iterator": "Iterator<E>",
    "descendingIterator": "Iterator<E>",
    "listIterator": "ListIterator<E>",
    "subList": "List<E>",
    **dict.fromkeys(_w("headSet tailSet subSet descendingSet reversed"), "$R"),
    "toArray": "Object[]",
    "toString": "String",
    **dict.fromkeys(_w("clear forEach sort push addFirst addLast put"), "void"),
}
_MAP_RET = {
    **dict.fromkeys(
        _w("get put remove getOrDefault putIfAbsent computeIfAbsent computeIfPresent compute merge replace"),
        "V",
    ),
    **dict.fromkeys(_w("containsKey containsValue isEmpty equals"), "boolean"),
    **dict.fromkeys(_w("size hashCode"), "int"),
    "keySet": "Set<K>",
    "navigableKeySet": "NavigableSet<K>",
    "descendingKeySet": "NavigableSet<K>",
    "values": "Collection<V>",
    "entrySet": "Set<Map.Entry<K,V>>",
    **dict.fromkeys(_w("firstKey lastKey floorKey ceilingKey higherKey lowerKey"), "K"),
    **dict.fromkeys(
        _w("""firstEntry lastEntry floorEntry ceilingEntry higherEntry lowerEntry pollFirstEntry
        pollLastEntry"""),
        "Map.Entry<K,V>",
    ),
    **dict.fromkeys(_w("headMap tailMap subMap descendingMap"), "$R"),
    **dict.fromkeys(_w("clear forEach putAll replaceAll"), "void"),
    "toString": "String",
    "of": "Map",
    "ofEntries": "Map",
    "copyOf": "Map",
    "entry": "Map.Entry<$A0,$A1>",
}
_STREAM_RET = {
    **dict.fromkeys(
        _w("filter sorted distinct limit skip peek takeWhile dropWhile parallel sequential"), "$R"
    ),
    "map": "Stream<$L0>",
    "flatMap": "Stream",
    "mapToInt": "IntStream",
    "mapToLong": "LongStream",
    "mapToDouble": "DoubleStream",
    "collect": "$C",
    "count": "long",
    **dict.fromkeys(_w("forEach forEachOrdered close"), "void"),
    **dict.fromkeys(_w("anyMatch allMatch noneMatch"), "boolean"),
    **dict.fromkeys(_w("findFirst findAny min max"), "Optional<T>"),
    "reduce": "Optional<T>",
    "reduce/2": "T",
    "reduce/3": "$A0",
    "toList": "List<T>",
    "toArray": "Object[]",
    "iterator": "Iterator<T>",
    "of": "Stream<$A0>",
    "empty": "Stream",
    "iterate": "Stream<$A0>",
    "generate": "Stream",
    "concat": "$A0",
}
_INTSTREAM_RET = {
    **dict.fromkeys(_w("filter sorted distinct limit skip peek map parallel sequential"), "$R"),
    "sum": "int",
    "average": "OptionalDouble",
    **dict.fromkeys(_w("max min findFirst findAny"), "OptionalInt"),
    **dict.fromkeys(_w("range rangeClosed of iterate concat"), "IntStream"),
    "boxed": "Stream<Integer>",
    "mapToObj": "Stream<$L0>",
    "mapToLong": "LongStream",
    "mapToDouble": "DoubleStream",
    "asLongStream": "LongStream",
    "asDoubleStream": "DoubleStream",
    "toArray": "int[]",
    "count": "long",
    **dict.fromkeys(_w("anyMatch allMatch noneMatch"), "boolean"),
    "forEach": "void",
    "reduce/2": "int",
    "reduce": "OptionalInt",
    "summaryStatistics": "IntSummaryStatistics",
}

RETURNS: dict[str, dict[str, str]] = {
    "java.lang.Object": {
        "toString": "String",
        "equals": "boolean",
        "hashCode": "int",
        "getClass": "Class",
        **dict.fromkeys(_w("wait notify notifyAll"), "void"),
    },
    "java.lang.String": _STRING_RET,
    "java.lang.StringBuilder": _SB_RET,
    "java.lang.CharSequence": {"length": "int", "charAt": "char", "toString": "String", "isEmpty": "boolean"},
    "java.lang.Number": _NUM_RET,
    "java.lang.Integer": _wrapper("int", "Integer", "parseInt"),
    "java.lang.Long": _wrapper("long", "Long", "parseLong"),
    "java.lang.Double": _wrapper("double", "Double", "parseDouble"),
    "java.lang.Float": _wrapper("float", "Float", "parseFloat"),
    "java.lang.Short": _wrapper("short", "Short", "parseShort"),
    "java.lang.Byte": _wrapper("byte", "Byte", "parseByte"),
    "java.lang.Boolean": {
        "parseBoolean": "boolean",
        "valueOf": "Boolean",
        "booleanValue": "boolean",
        "toString": "String",
        **dict.fromkeys(_w("logicalAnd logicalOr logicalXor equals"), "boolean"),
        "compare": "int",
    },
    "java.lang.Character": {
        **dict.fromkeys(
            _w("""isDigit isLetter isLetterOrDigit isWhitespace isUpperCase isLowerCase isAlphabetic
            isSpaceChar equals"""),
            "boolean",
        ),
        **dict.fromkeys(_w("toUpperCase toLowerCase charValue"), "char"),
        **dict.fromkeys(_w("getNumericValue digit compare hashCode"), "int"),
        "toString": "String",
        "valueOf": "Character",
        "toChars": "char[]",
        "forDigit": "char",
    },
    "java.lang.Math": {
        **dict.fromkeys(
            _w("abs max min floorDiv floorMod addExact subtractExact multiplyExact negateExact"), "$N"
        ),
        **dict.fromkeys(
            _w("""sqrt cbrt pow exp log log10 log1p expm1 sin cos tan asin acos atan atan2 sinh cosh tanh random
            floor ceil rint toRadians toDegrees hypot signum"""),
            "double",
        ),
        "round": "long",
        "toIntExact": "int",
    },
    "java.lang.System": {
        **dict.fromkeys(_w("currentTimeMillis nanoTime"), "long"),
        **dict.fromkeys(_w("getProperty getenv lineSeparator setProperty clearProperty"), "String"),
        **dict.fromkeys(_w("arraycopy exit gc setOut setErr setIn"), "void"),
        "identityHashCode": "int",
    },
    "java.lang.Thread": {
        "currentThread": "Thread",
        **dict.fromkeys(_w("getName toString"), "String"),
        **dict.fromkeys(_w("sleep start join interrupt run setDaemon setName setPriority yield"), "void"),
        **dict.fromkeys(_w("isAlive isInterrupted interrupted isDaemon"), "boolean"),
        "getId": "long",
        "threadId": "long",
        "getPriority": "int",
        "ofVirtual": "Thread.Builder",
        "startVirtualThread": "Thread",
    },
    "java.lang.Throwable": {
        **dict.fromkeys(_w("getMessage getLocalizedMessage toString"), "String"),
        **dict.fromkeys(_w("printStackTrace addSuppressed setStackTrace"), "void"),
        "getCause": "Throwable",
        "initCause": "Throwable",
        "getStackTrace": "StackTraceElement[]",
        "getSuppressed": "Throwable[]",
    },
    "java.lang.Class": {
        **dict.fromkeys(_w("getName getSimpleName getCanonicalName getTypeName"), "String"),
        "isInstance": "boolean",
        "cast": "T",
    },
    "java.lang.Iterable": {"forEach": "void", "iterator": "Iterator<T>", "spliterator": "Spliterator"},
    "java.lang.Comparable": {"compareTo": "int"},
    "java.lang.Runnable": {"run": "void"},
    "java.lang.Runtime": {
        "getRuntime": "Runtime",
        "availableProcessors": "int",
        **dict.fromkeys(_w("freeMemory totalMemory maxMemory"), "long"),
        "exec": "Process",
    },
    "java.lang.Enum": {"name": "String", "ordinal": "int", "toString": "String", "compareTo": "int"},
    "java.lang.ThreadLocal": {"get": "T", "set": "void", "remove": "void", "withInitial": "ThreadLocal"},
    "java.util.Collection": _COLLECTION_RET,
    "java.util.List": {
        **_COLLECTION_RET,
        "remove": "E",
        "of": "List<$A0>",
        "copyOf": "List<$E0>",
    },
    "java.util.Set": {"of": "Set<$A0>", "copyOf": "Set<$E0>"},
    "java.util.Iterator": {"next": "E", "hasNext": "boolean", "remove": "void", "forEachRemaining": "void"},
    "java.util.ListIterator": {
        "previous": "E",
        "hasPrevious": "boolean",
        "nextIndex": "int",
        "previousIndex": "int",
        "set": "void",
        "add": "void",
    },
    "java.util.Map": _MAP_RET,
    "java.util.Map.Entry": {
        "getKey": "K",
        "getValue": "V",
        "setValue": "V",
        "comparingByKey": "Comparator",
        "comparingByValue": "Comparator",
    },
    "java.util.Optional": {
        **dict.fromkeys(_w("get orElse orElseGet orElseThrow"), "T"),
        **dict.fromkeys(_w("isPresent isEmpty"), "boolean"),
        **dict.fromkeys(_w("ifPresent ifPresentOrElse"), "void"),
        "map": "Optional<$L0>",
        **dict.fromkeys(_w("filter or"), "$R"),
        "flatMap": "Optional",
        "stream": "Stream<T>",
        **dict.fromkeys(_w("of ofNullable"), "Optional<$A0>"),
        "empty": "Optional",
    },
    "java.util.OptionalInt": {
        **dict.fromkeys(_w("getAsInt orElse orElseGet orElseThrow"), "int"),
        **dict.fromkeys(_w("isPresent isEmpty"), "boolean"),
    },
    "java.util.OptionalDouble": {
        **dict.fromkeys(_w("getAsDouble orElse orElseGet orElseThrow"), "double"),
        **dict.fromkeys(_w("isPresent isEmpty"), "boolean"),
    },
    "java.util.OptionalLong": {
        **dict.fromkeys(_w("getAsLong orElse orElseGet orElseThrow"), "long"),
        **dict.fromkeys(_w("isPresent isEmpty"), "boolean"),
    },
    "java.util.stream.Stream": _STREAM_RET,
    "java.util.stream.IntStream": _INTSTREAM_RET,
    "java.util.stream.LongStream": {
        **{
            k: v.replace("int", "long").replace("OptionalInt", "OptionalLong")
            for k, v in _INTSTREAM_RET.items()
        },
        **dict.fromkeys(_w("range rangeClosed of iterate concat"), "LongStream"),
        "boxed": "Stream<Long>",
        "sum": "long",
        **dict.fromkeys(_w("max min findFirst findAny"), "OptionalLong"),
        "toArray": "long[]",
    },
    "java.util.stream.DoubleStream": {
        **{k: v for k, v in _INTSTREAM_RET.items() if v in ("$R", "long", "boolean", "void", "Stream<$L0>")},
        "sum": "double",
        "average": "OptionalDouble",
        **dict.fromkeys(_w("max min findFirst findAny"), "OptionalDouble"),
        "boxed": "Stream<Double>",
        "toArray": "double[]",
        "of": "DoubleStream",
    },
    "java.util.Arrays": {
        "asList": "List<$A0>",
        "stream": "$STREAM0",
        **dict.fromkeys(_w("toString deepToString"), "String"),
        **dict.fromkeys(_w("sort fill parallelSort setAll"), "void"),
        **dict.fromkeys(_w("copyOf copyOfRange"), "$A0"),
        **dict.fromkeys(_w("equals deepEquals"), "boolean"),
        **dict.fromkeys(_w("binarySearch hashCode deepHashCode mismatch compare"), "int"),
    },
    "java.util.Collections": {
        **dict.fromkeys(_w("sort reverse shuffle swap fill copy rotate"), "void"),
        **dict.fromkeys(_w("max min"), "$E0"),
        **dict.fromkeys(_w("unmodifiableList synchronizedList emptyList singletonList nCopies"), "List"),
        **dict.fromkeys(_w("unmodifiableMap synchronizedMap emptyMap singletonMap"), "Map"),
        **dict.fromkeys(_w("unmodifiableSet synchronizedSet emptySet singleton"), "Set"),
        **dict.fromkeys(_w("frequency binarySearch indexOfSubList"), "int"),
        "reverseOrder": "Comparator",
        **dict.fromkeys(_w("addAll disjoint"), "boolean"),
    },
    "java.util.Objects": {
        **dict.fromkeys(_w("equals isNull nonNull deepEquals"), "boolean"),
        **dict.fromkeys(_w("hash hashCode compare checkIndex"), "int"),
        "toString": "String",
        **dict.fromkeys(_w("requireNonNull requireNonNullElse"), "$A0"),
    },
    "java.util.Comparator": {
        **dict.fromkeys(
            _w("""comparing comparingInt comparingLong comparingDouble naturalOrder reverseOrder nullsFirst
            nullsLast"""),
            "Comparator",
        ),
        **dict.fromkeys(
            _w("reversed thenComparing thenComparingInt thenComparingLong thenComparingDouble"), "$R"
        ),
        "compare": "int",
    },
    "java.util.Scanner": {
        "nextInt": "int",
        **dict.fromkeys(_w("nextLine next"), "String"),
        "nextDouble": "double",
        "nextLong": "long",
        "nextFloat": "float",
        "nextBoolean": "boolean",
        **dict.fromkeys(_w("hasNext hasNextInt hasNextLine hasNextDouble hasNextLong"), "boolean"),
        "close": "void",
    },
    "java.util.Random": {
        "nextInt": "int",
        **dict.fromkeys(_w("nextDouble nextGaussian"), "double"),
        "nextBoolean": "boolean",
        "nextLong": "long",
        "nextFloat": "float",
        "ints": "IntStream",
        "doubles": "DoubleStream",
        "setSeed": "void",
        "nextBytes": "void",
    },
    "java.util.concurrent.ThreadLocalRandom": {"current": "ThreadLocalRandom"},
    "java.util.UUID": {
        "randomUUID": "UUID",
        "fromString": "UUID",
        "nameUUIDFromBytes": "UUID",
        "toString": "String",
    },
    "java.util.StringJoiner": {"add": "$R", "setEmptyValue": "$R", "toString": "String", "length": "int"},
    "java.util.StringTokenizer": {
        "nextToken": "String",
        "hasMoreTokens": "boolean",
        "countTokens": "int",
        "hasMoreElements": "boolean",
    },
    "java.util.Base64": {"getEncoder": "Base64.Encoder", "getDecoder": "Base64.Decoder"},
    "java.util.Properties": {"getProperty": "String", "setProperty": "Object", "load": "void"},
    "java.io.PrintStream": {
        **dict.fromkeys(_w("println print write flush close"), "void"),
        **dict.fromkeys(_w("printf format append"), "$R"),
        "checkError": "boolean",
    },
    "java.io.Reader": {"read": "int", "close": "void", "ready": "boolean", "skip": "long"},
    "java.io.BufferedReader": {"readLine": "String", "lines": "Stream<String>"},
    "java.io.Writer": {
        **dict.fromkeys(_w("write flush close"), "void"),
        "append": "$R",
    },
    "java.io.BufferedWriter": {"newLine": "void"},
    "java.io.PrintWriter": {
        **dict.fromkeys(_w("println print"), "void"),
        **dict.fromkeys(_w("printf format"), "$R"),
        "checkError": "boolean",
    },
    "java.io.StringWriter": {"toString": "String", "getBuffer": "StringBuffer"},
    "java.io.InputStream": {
        "read": "int",
        "readAllBytes": "byte[]",
        "readNBytes": "byte[]",
        "available": "int",
        "close": "void",
        "transferTo": "long",
    },
    "java.io.OutputStream": {**dict.fromkeys(_w("write flush close"), "void")},
    "java.io.ByteArrayOutputStream": {"toByteArray": "byte[]", "toString": "String", "size": "int"},
    "java.io.File": {
        **dict.fromkeys(
            _w("exists isDirectory isFile delete mkdir mkdirs createNewFile canRead canWrite renameTo"),
            "boolean",
        ),
        **dict.fromkeys(_w("getName getPath getAbsolutePath getParent getCanonicalPath toString"), "String"),
        **dict.fromkeys(_w("length lastModified"), "long"),
        "listFiles": "File[]",
        "list": "String[]",
        "toPath": "Path",
        **dict.fromkeys(_w("getParentFile getAbsoluteFile"), "File"),
    },
    "java.nio.file.Files": {
        "readAllLines": "List<String>",
        "readString": "String",
        "lines": "Stream<String>",
        **dict.fromkeys(
            _w("exists notExists isDirectory isRegularFile deleteIfExists isReadable isWritable"), "boolean"
        ),
        **dict.fromkeys(
            _w("write writeString createFile createDirectory createDirectories copy move createTempFile"),
            "Path",
        ),
        "delete": "void",
        "newBufferedReader": "BufferedReader",
        "newBufferedWriter": "BufferedWriter",
        "readAllBytes": "byte[]",
        "size": "long",
        **dict.fromkeys(_w("list walk find"), "Stream<Path>"),
        "newInputStream": "InputStream",
        "newOutputStream": "OutputStream",
    },
    "java.nio.file.Paths": {"get": "Path"},
    "java.nio.file.Path": {
        **dict.fromkeys(
            _w("of resolve resolveSibling getParent getFileName toAbsolutePath normalize relativize getRoot"),
            "Path",
        ),
        "toFile": "File",
        "toString": "String",
        **dict.fromkeys(_w("startsWith endsWith isAbsolute"), "boolean"),
        "getNameCount": "int",
    },
    "java.nio.charset.Charset": {"forName": "Charset", "defaultCharset": "Charset", "name": "String"},
    "java.util.regex.Pattern": {
        "compile": "Pattern",
        "matcher": "Matcher",
        "matches": "boolean",
        "split": "String[]",
        **dict.fromkeys(_w("pattern quote toString"), "String"),
        "asPredicate": "Predicate<String>",
        "splitAsStream": "Stream<String>",
        "flags": "int",
    },
    "java.util.regex.Matcher": {
        **dict.fromkeys(_w("matches find lookingAt hitEnd"), "boolean"),
        "group": "String",
        **dict.fromkeys(_w("start end groupCount"), "int"),
        **dict.fromkeys(_w("replaceAll replaceFirst"), "String"),
        "reset": "$R",
        "results": "Stream<MatchResult>",
    },
    "java.util.concurrent.Executor": {"execute": "void"},
    "java.util.concurrent.ExecutorService": {
        "submit": "Future<$L0>",
        "invokeAll": "List<Future>",
        "invokeAny": "Object",
        **dict.fromkeys(_w("shutdown close"), "void"),
        "shutdownNow": "List<Runnable>",
        **dict.fromkeys(_w("awaitTermination isShutdown isTerminated"), "boolean"),
    },
    "java.util.concurrent.ScheduledExecutorService": {
        **dict.fromkeys(_w("schedule scheduleAtFixedRate scheduleWithFixedDelay"), "ScheduledFuture"),
    },
    "java.util.concurrent.Executors": {
        **dict.fromkeys(
            _w("""newFixedThreadPool newCachedThreadPool newSingleThreadExecutor newWorkStealingPool
            newVirtualThreadPerTaskExecutor newThreadPerTaskExecutor"""),
            "ExecutorService",
        ),
        **dict.fromkeys(
            _w("newScheduledThreadPool newSingleThreadScheduledExecutor"), "ScheduledExecutorService"
        ),
        "callable": "Callable",
    },
    "java.util.concurrent.Future": {
        "get": "V",
        **dict.fromkeys(_w("isDone cancel isCancelled"), "boolean"),
        "resultNow": "V",
    },
    "java.util.concurrent.CompletableFuture": {
        **dict.fromkeys(_w("supplyAsync completedFuture"), "CompletableFuture<$L0>"),
        **dict.fromkeys(_w("runAsync allOf anyOf"), "CompletableFuture"),
        "thenApply": "CompletableFuture<$L0>",
        **dict.fromkeys(
            _w("""thenAccept thenRun thenCompose thenCombine exceptionally whenComplete handle thenApplyAsync
            thenAcceptAsync orTimeout"""),
            "CompletableFuture",
        ),
        **dict.fromkeys(_w("join get getNow"), "T"),
        **dict.fromkeys(_w("complete completeExceptionally isDone"), "boolean"),
    },
    "java.util.concurrent.Callable": {"call": "V"},
    "java.util.concurrent.TimeUnit": {
        **dict.fromkeys(_w("toMillis toSeconds toNanos toMicros toMinutes toHours toDays convert"), "long"),
        "sleep": "void",
    },
    "java.util.concurrent.CountDownLatch": {
        "countDown": "void",
        "await": "void",
        "await/2": "boolean",
        "getCount": "long",
    },
    "java.util.concurrent.Semaphore": {
        **dict.fromkeys(_w("acquire release"), "void"),
        "tryAcquire": "boolean",
        "availablePermits": "int",
    },
    "java.util.concurrent.CyclicBarrier": {"await": "int", "reset": "void", "getParties": "int"},
    "java.util.concurrent.locks.Lock": {
        **dict.fromkeys(_w("lock unlock lockInterruptibly"), "void"),
        "tryLock": "boolean",
        "newCondition": "Condition",
    },
    "java.util.concurrent.locks.ReadWriteLock": {"readLock": "Lock", "writeLock": "Lock"},
    "java.util.concurrent.locks.ReentrantReadWriteLock": {
        "readLock": "Lock",
        "writeLock": "Lock",
    },
    "java.util.concurrent.locks.Condition": {**dict.fromkeys(_w("await signal signalAll"), "void")},
    "java.util.concurrent.atomic.AtomicInteger": {
        **dict.fromkeys(
            _w("""get incrementAndGet getAndIncrement decrementAndGet getAndDecrement addAndGet getAndAdd
            getAndSet intValue updateAndGet getAndUpdate accumulateAndGet getAndAccumulate"""),
            "int",
        ),
        "compareAndSet": "boolean",
        **dict.fromkeys(_w("set lazySet"), "void"),
        "longValue": "long",
        "toString": "String",
    },
    "java.util.concurrent.atomic.AtomicLong": {
        **dict.fromkeys(
            _w("""get incrementAndGet getAndIncrement decrementAndGet getAndDecrement addAndGet getAndAdd
            getAndSet longValue updateAndGet getAndUpdate accumulateAndGet"""),
            "long",
        ),
        "compareAndSet": "boolean",
        **dict.fromkeys(_w("set lazySet"), "void"),
        "intValue": "int",
    },
    "java.util.concurrent.atomic.AtomicBoolean": {
        **dict.fromkeys(_w("get getAndSet compareAndSet"), "boolean"),
        "set": "void",
    },
    "java.util.concurrent.atomic.AtomicReference": {
        **dict.fromkeys(_w("get getAndSet updateAndGet getAndUpdate"), "V"),
        "compareAndSet": "boolean",
        "set": "void",
    },
    "java.util.concurrent.atomic.LongAdder": {
        **dict.fromkeys(_w("sum longValue sumThenReset"), "long"),
        **dict.fromkeys(_w("increment decrement add reset"), "void"),
        "intValue": "int",
    },
    "java.math.BigInteger": {
        **dict.fromkeys(
            _w("""add subtract multiply divide mod pow negate abs gcd max min modPow modInverse remainder
            shiftLeft shiftRight and or xor not sqrt valueOf nextProbablePrime"""),
            "BigInteger",
        ),
        **dict.fromkeys(_w("compareTo signum bitLength bitCount intValueExact"), "int"),
        **dict.fromkeys(_w("equals isProbablePrime testBit"), "boolean"),
        "toString": "String",
        "toByteArray": "byte[]",
        "divideAndRemainder": "BigInteger[]",
        "longValueExact": "long",
    },
    "java.math.BigDecimal": {
        **dict.fromkeys(
            _w("""add subtract multiply divide remainder pow negate abs max min setScale round valueOf
            stripTrailingZeros movePointLeft movePointRight"""),
            "BigDecimal",
        ),
        **dict.fromkeys(_w("compareTo signum scale precision intValueExact"), "int"),
        "equals": "boolean",
        **dict.fromkeys(_w("toString toPlainString toEngineeringString"), "String"),
        "toBigInteger": "BigInteger",
    },
    "java.time.LocalDate": {
        **dict.fromkeys(
            _w("""now of parse ofEpochDay plusDays minusDays plusWeeks minusWeeks plusMonths minusMonths
            plusYears minusYears withDayOfMonth withMonth withYear plus minus"""),
            "LocalDate",
        ),
        **dict.fromkeys(
            _w("getYear getMonthValue getDayOfMonth getDayOfYear lengthOfMonth lengthOfYear compareTo"),
            "int",
        ),
        "getDayOfWeek": "DayOfWeek",
        "getMonth": "Month",
        **dict.fromkeys(_w("isBefore isAfter isLeapYear isEqual equals"), "boolean"),
        **dict.fromkeys(_w("format toString"), "String"),
        "atStartOfDay": "LocalDateTime",
        "atTime": "LocalDateTime",
        "toEpochDay": "long",
        "until": "Period",
    },
    "java.time.LocalDateTime": {
        **dict.fromkeys(
            _w("""now of parse plusDays minusDays plusHours minusHours plusMinutes minusMinutes plusSeconds
            minusSeconds plusWeeks plusMonths minusMonths plusYears minusYears withHour withMinute withSecond
            plus minus truncatedTo"""),
            "LocalDateTime",
        ),
        **dict.fromkeys(
            _w("getYear getMonthValue getDayOfMonth getHour getMinute getSecond getNano compareTo"), "int"
        ),
        **dict.fromkeys(_w("isBefore isAfter isEqual equals"), "boolean"),
        **dict.fromkeys(_w("format toString"), "String"),
        "toLocalDate": "LocalDate",
        "toLocalTime": "LocalTime",
        "getDayOfWeek": "DayOfWeek",
        "atZone": "ZonedDateTime",
    },
    "java.time.LocalTime": {
        **dict.fromkeys(
            _w("now of parse plusHours plusMinutes plusSeconds minusHours minusMinutes"), "LocalTime"
        ),
        **dict.fromkeys(_w("getHour getMinute getSecond getNano"), "int"),
        **dict.fromkeys(_w("isBefore isAfter"), "boolean"),
        **dict.fromkeys(_w("format toString"), "String"),
    },
    "java.time.Instant": {
        **dict.fromkeys(
            _w("now ofEpochMilli ofEpochSecond parse plus minus plusMillis plusSeconds"), "Instant"
        ),
        **dict.fromkeys(_w("toEpochMilli getEpochSecond"), "long"),
        **dict.fromkeys(_w("isBefore isAfter"), "boolean"),
        "toString": "String",
    },
    "java.time.Duration": {
        **dict.fromkeys(
            _w("""ofSeconds ofMillis ofMinutes ofHours ofDays ofNanos between plus minus plusSeconds plusMillis
            multipliedBy dividedBy parse"""),
            "Duration",
        ),
        **dict.fromkeys(_w("toMillis getSeconds toSeconds toMinutes toHours toDays toNanos"), "long"),
        **dict.fromkeys(_w("isNegative isZero"), "boolean"),
        "getNano": "int",
        "toString": "String",
    },
    "java.time.Period": {
        **dict.fromkeys(_w("between of ofDays ofMonths ofYears"), "Period"),
        **dict.fromkeys(_w("getDays getMonths getYears"), "int"),
    },
    "java.time.format.DateTimeFormatter": {"ofPattern": "DateTimeFormatter", "format": "String"},
    "java.time.temporal.ChronoUnit": {"between": "long"},
    "java.time.ZoneId": {"of": "ZoneId", "systemDefault": "ZoneId"},
}
