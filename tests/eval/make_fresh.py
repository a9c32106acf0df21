"""Build tests/eval/fresh.jsonl: whole methods copied verbatim from two public MIT-licensed repositories.

The expected Cangjie APIs below were decided from the Cangjie v1.2.0 docs and the conventions of
tests/eval/README.md before the resolver was run on any of these methods; nothing was changed
after seeing its output. Each case records where its code comes from (repository, commit, path,
first line, licence). The repositories were mirrored with git; point MIRROR at the folder holding
``TheAlgorithms+Java/repo`` and ``iluwatar+java-design-patterns/repo`` (bare clones) to rebuild:

    MIRROR=/work/.mirror python tests/eval/make_fresh.py > tests/eval/fresh.jsonl
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

ALGO = ("TheAlgorithms/Java", "9d05db2d14702454a418ff31158905e502df83e0", "MIT", "TheAlgorithms+Java")
JDP = (
    "iluwatar/java-design-patterns",
    "22a34127d0b08449c24cf7e230c04a097deca2f3",
    "MIT",
    "iluwatar+java-design-patterns",
)
TA = "src/main/java/com/thealgorithms/"

S = "std.core.String."
R = "std.core.Rune."
C = "std.collection."
LOG = "stdx.log.Logger."

# (repo, path, signature needle, expected, tags, notes)
CASES: list[tuple[tuple[str, str, str, str], str, str, list[str], list[str], str]] = [
    (
        ALGO,
        TA + "strings/Anagrams.java",
        "public static boolean areAnagramsBySorting(",
        [
            S + "toAsciiLower",
            "std.regex.Regex",
            "std.regex.Regex.replace",
            S + "size",
            S + "toRuneArray",
            "std.sort.sort",
            "std.core.Array.==",
        ],
        ["strings", "regex", "method"],
        "String.replaceAll(regex, r) -> Regex(pattern).replace(input, r) (Regex.replaceAll is accepted).",
    ),
    (
        ALGO,
        TA + "strings/Anagrams.java",
        "public static boolean areAnagramsUsingHashMap(",
        [
            S + "toAsciiLower",
            "std.regex.Regex",
            "std.regex.Regex.replace",
            S + "size",
            S + "toRuneArray",
            C + "HashMap",
            C + "HashMap.add",
            C + "HashMap.get",
            C + "HashMap.contains",
            C + "HashMap.values",
            C + "all",
        ],
        ["strings", "collections", "streams", "method"],
        "values().stream().allMatch(p) -> values() |> all(p).",
    ),
    (
        ALGO,
        TA + "strings/Pangram.java",
        "public static boolean isPangramUsingSet(",
        [
            C + "HashSet",
            S + "trimAscii",
            S + "toAsciiLower",
            S + "toRuneArray",
            C + "HashSet.add",
            C + "HashSet.size",
        ],
        ["strings", "collections", "method"],
        "charAt loop -> toRuneArray.",
    ),
    (
        ALGO,
        TA + "strings/Isogram.java",
        "public static boolean isFullIsogram(",
        [
            S + "isEmpty",
            S + "toAsciiLower",
            C + "HashSet",
            S + "toRuneArray",
            C + "HashSet.add",
            C + "HashSet.size",
            S + "size",
        ],
        ["strings", "collections", "method"],
        "",
    ),
    (
        ALGO,
        TA + "strings/TitleCase.java",
        "public static String toTitleCase(",
        [
            S + "isEmpty",
            "std.core.StringBuilder",
            S + "toRuneArray",
            R + "isAsciiWhiteSpace",
            "std.core.StringBuilder.append",
            R + "isAsciiLetter",
            R + "toAsciiUpperCase",
            R + "toAsciiLowerCase",
            "std.core.StringBuilder.toString",
        ],
        ["strings", "method"],
        "charAt loop -> toRuneArray.",
    ),
    (
        ALGO,
        TA + "strings/ReverseWordsInString.java",
        "public static String reverseWordsInString(",
        [S + "trimAscii", "std.regex.Regex", "std.regex.Regex.split", "std.core.Array.reverse", S + "join"],
        ["strings", "regex", "method"],
        'split("\\\\s+") is a regex split; Collections.reverse(Arrays.asList(a)) -> Array.reverse.',
    ),
    (
        ALGO,
        TA + "strings/CountWords.java",
        "private static String removeSpecialCharacters(",
        [
            "std.core.StringBuilder",
            S + "toRuneArray",
            R + "isAsciiNumberOrLetter",
            R + "isAsciiWhiteSpace",
            "std.core.StringBuilder.append",
            "std.core.StringBuilder.toString",
        ],
        ["strings", "method"],
        "",
    ),
    (
        ALGO,
        TA + "conversions/IPConverter.java",
        "public static String ipToBinary(",
        [
            "std.core.StringBuilder",
            S + "split",
            "std.core.StringBuilder.append",
            "std.convert.Int64.parse",
            "std.core.StringBuilder.toString",
            S + "[]",
        ],
        ["strings", "numbers", "method"],
        'split("\\\\.") splits on a literal dot: String.split. binary.substring(0, n) -> toString()[0..n].',
    ),
    (
        ALGO,
        TA + "conversions/IPConverter.java",
        "public static String binaryToIP(",
        [
            "std.core.StringBuilder",
            S + "split",
            "std.core.StringBuilder.append",
            "std.convert.Int64.parse",
            "std.core.StringBuilder.toString",
            S + "[]",
        ],
        ["strings", "numbers", "method"],
        "Integer.parseInt(s, 2): Int64.parse has no radix; accepted alternative std.convert.Int64.tryParse.",
    ),
    (
        ALGO,
        TA + "slidingwindow/LongestSubstringWithoutRepeatingCharacters.java",
        "public static int lengthOfLongestSubstring(",
        [
            C + "HashSet",
            S + "toRuneArray",
            C + "HashSet.contains",
            C + "HashSet.remove",
            C + "HashSet.add",
            "std.core.max",
        ],
        ["strings", "collections", "leetcode", "method"],
        "",
    ),
    (
        ALGO,
        TA + "prefixsum/SubarraySumEqualsK.java",
        "public static int countSubarrays(",
        ["std.core.IllegalArgumentException", C + "HashMap", C + "HashMap.add", C + "HashMap.get"],
        ["collections", "leetcode", "method"],
        "",
    ),
    (
        ALGO,
        TA + "strings/Isomorphic.java",
        "public static boolean areIsomorphic(",
        [
            S + "size",
            C + "HashMap",
            C + "HashSet",
            S + "toRuneArray",
            C + "HashMap.contains",
            C + "HashMap.get",
            C + "HashSet.contains",
            C + "HashMap.add",
            C + "HashSet.add",
        ],
        ["strings", "collections", "method"],
        "",
    ),
    (
        ALGO,
        TA + "strings/Alphabetical.java",
        "public static boolean isAlphabetical(",
        [S + "isAsciiBlank", S + "toAsciiLower", S + "toRuneArray", R + "isAsciiLetter"],
        ["strings", "method"],
        "toLowerCase(Locale.ROOT) -> toAsciiLower.",
    ),
    (
        ALGO,
        TA + "maths/ComplexNumberMultiply.java",
        "private static int[] parse(",
        [
            "std.regex.Regex",
            "std.regex.Regex.matches",
            "std.core.IllegalArgumentException",
            S + "split",
            "std.convert.Int64.parse",
            S + "replace",
        ],
        ["strings", "regex", "numbers", "method"],
        'String.matches(regex) -> Regex(pattern).matches(s); split("\\\\+") splits on a literal plus.',
    ),
    (
        ALGO,
        TA + "slidingwindow/MaximumSlidingWindow.java",
        "public int[] maxSlidingWindow(",
        [
            C + "ArrayDeque",
            C + "ArrayDeque.isEmpty",
            C + "ArrayDeque.first",
            C + "ArrayDeque.removeFirst",
            C + "ArrayDeque.last",
            C + "ArrayDeque.removeLast",
            C + "ArrayDeque.addLast",
        ],
        ["collections", "leetcode", "method"],
        "",
    ),
    (
        ALGO,
        TA + "strings/WordLadder.java",
        "public static int ladderLength(",
        [
            C + "HashSet",
            C + "HashSet.contains",
            C + "ArrayQueue",
            C + "ArrayQueue.add",
            C + "ArrayQueue.isEmpty",
            C + "ArrayQueue.size",
            C + "ArrayQueue.remove",
            S + "toRuneArray",
            S + "==",
            C + "HashSet.remove",
        ],
        ["strings", "collections", "leetcode", "method"],
        "new String(chars) -> String(runes) (std.core.String.init, not listed); Queue via LinkedList -> ArrayQueue.",
    ),
    (
        ALGO,
        TA + "stacks/InfixToPrefix.java",
        "public static String infix2Prefix(",
        [
            S + "trimAscii",
            S + "isEmpty",
            "std.core.IllegalArgumentException",
            "std.core.StringBuilder",
            C + "ArrayStack",
            S + "toRuneArray",
            "std.core.Array.reverse",
            R + "isAsciiNumberOrLetter",
            "std.core.StringBuilder.append",
            C + "ArrayStack.add",
            C + "ArrayStack.isEmpty",
            C + "ArrayStack.peek",
            C + "ArrayStack.remove",
            "std.core.StringBuilder.toString",
        ],
        ["strings", "collections", "method"],
        "StringBuilder.reverse has no counterpart: toRuneArray + Array.reverse. NullPointerException has no "
        "counterpart (Cangjie has no null).",
    ),
    (
        ALGO,
        TA + "misc/ThreeSumProblem.java",
        "public List<List<Integer>> bruteForce(",
        [C + "ArrayList", C + "ArrayList.add", "std.sort.sort"],
        ["collections", "method"],
        "new ArrayList<>(new LinkedHashSet<>(arr)) (de-duplication keeping order) has no one-call counterpart.",
    ),
    (
        ALGO,
        TA + "conversions/MorseCodeConverter.java",
        "public static String textToMorse(",
        [
            "std.core.StringBuilder",
            S + "toAsciiUpper",
            S + "split",
            S + "toRuneArray",
            C + "HashMap.get",
            "std.core.StringBuilder.append",
            "std.core.StringBuilder.toString",
            S + "trimAscii",
        ],
        ["strings", "collections", "method"],
        'MORSE_MAP is a static HashMap field; getOrDefault -> get ?? "".',
    ),
    (
        ALGO,
        TA + "maths/Correlation.java",
        "public static double correlation(",
        ["std.math.sqrt"],
        ["math", "method"],
        "",
    ),
    (
        ALGO,
        TA + "ciphers/Vigenere.java",
        "public String encrypt(",
        [
            S + "isEmpty",
            "std.core.IllegalArgumentException",
            "std.core.StringBuilder",
            S + "toRuneArray",
            R + "isAsciiLetter",
            R + "isAsciiUpperCase",
            S + "toAsciiUpper",
            S + "toAsciiLower",
            "std.core.StringBuilder.append",
            S + "size",
            "std.core.StringBuilder.toString",
        ],
        ["strings", "method"],
        "charAt -> toRuneArray.",
    ),
    (
        ALGO,
        TA + "datastructures/trees/LevelOrderTraversal.java",
        "public static List<List<Integer>> traverse(",
        [
            C + "ArrayList",
            C + "ArrayQueue",
            C + "ArrayQueue.add",
            C + "ArrayQueue.isEmpty",
            C + "ArrayQueue.size",
            C + "LinkedList",
            C + "ArrayQueue.remove",
            C + "LinkedList.addLast",
            C + "ArrayList.add",
        ],
        ["collections", "method"],
        "List.of() -> ArrayList<..>() (listed as ArrayList).",
    ),
    (
        ALGO,
        TA + "datastructures/trees/ZigzagTraversal.java",
        "public static List<List<Integer>> traverse(",
        [
            C + "ArrayList",
            C + "ArrayDeque",
            C + "ArrayDeque.addLast",
            C + "ArrayDeque.isEmpty",
            C + "ArrayDeque.size",
            C + "LinkedList",
            C + "ArrayDeque.removeFirst",
            C + "LinkedList.addFirst",
            C + "LinkedList.addLast",
            C + "ArrayList.add",
        ],
        ["collections", "method"],
        "level.add(0, x) on a LinkedList -> addFirst.",
    ),
    (
        ALGO,
        TA + "datastructures/graphs/KahnsAlgorithm.java",
        "void calculateInDegree(",
        [C + "HashMap", C + "Map.addIfAbsent", C + "HashMap.add", C + "HashMap.get"],
        ["collections", "method"],
        "graph.getVertices()/getAdjacents are user methods. putIfAbsent -> Map.addIfAbsent (README convention).",
    ),
    (
        ALGO,
        TA + "datastructures/graphs/KahnsAlgorithm.java",
        "ArrayList<E> topSortOrder(",
        [
            C + "ArrayQueue",
            C + "ArrayQueue.add",
            C + "ArrayList",
            C + "ArrayQueue.isEmpty",
            C + "ArrayQueue.remove",
            C + "ArrayList.add",
            C + "HashMap.add",
            C + "HashMap.get",
            "std.core.IllegalStateException",
        ],
        ["collections", "method"],
        "entrySet() iteration is destructuring (no entry); graph.getVertices() is a user method, so the "
        "size() of its result is not listed.",
    ),
    (
        ALGO,
        TA + "ciphers/DiffieHellman.java",
        "public BigInteger calculateSharedSecret(",
        [
            "std.math.numeric.BigInt.sign",
            "std.core.IllegalArgumentException",
            "std.math.numeric.BigInt.modPow",
        ],
        ["bignum", "method"],
        "",
    ),
    (
        ALGO,
        TA + "datastructures/crdt/PNCounter.java",
        "public void merge(",
        ["std.core.IllegalArgumentException", C + "HashMap.add", "std.core.max", C + "HashMap.get"],
        ["collections", "method"],
        "pCounter/nCounter are HashMap fields; get(i) on a present key -> map[i] or get.",
    ),
    (
        ALGO,
        TA + "bitmanipulation/HighestSetBit.java",
        "public static Optional<Integer> findHighestSetBit(",
        ["std.core.IllegalArgumentException", "std.core.Option.None", "std.core.Option.Some"],
        ["optional", "numbers", "method"],
        "",
    ),
    (
        ALGO,
        TA + "datastructures/stacks/ReverseStack.java",
        "public static void reverseStack(",
        ["std.core.IllegalArgumentException", C + "ArrayStack.isEmpty", C + "ArrayStack.remove"],
        ["collections", "method"],
        "Stack -> ArrayStack; pop -> remove.",
    ),
    (
        JDP,
        "double-checked-locking/src/main/java/com/iluwatar/doublechecked/locking/Inventory.java",
        "public boolean addItem(",
        [
            C + "ArrayList.size",
            "std.sync.Mutex.lock",
            C + "ArrayList.add",
            "std.core.Thread.currentThread",
            LOG + "info",
            "std.sync.Mutex.unlock",
        ],
        ["concurrency", "collections", "method"],
        "lock is a ReentrantLock field -> Mutex; LOGGER is slf4j (lombok @Slf4j) -> stdx.log Logger.",
    ),
    (
        JDP,
        "dirty-flag/src/main/java/com/iluwatar/dirtyflag/DataFetcher.java",
        "public List<String> fetch(",
        [
            "std.fs.FileInfo.lastModificationTime",
            LOG + "info",
            "std.fs.File",
            "std.io.StringReader",
            "std.io.StringReader.lines",
            LOG + "error",
            C + "ArrayList",
        ],
        ["io", "method"],
        "getClass().getClassLoader().getResource has no counterpart. new File(..) used for its metadata -> "
        "FileInfo; BufferedReader(FileReader) -> File + StringReader; lines().collect -> StringReader.lines. "
        "List.of() -> ArrayList.",
    ),
    (
        JDP,
        "circuit-breaker/src/main/java/com/iluwatar/circuitbreaker/DelayedRemoteService.java",
        "public String call()",
        ["std.time.MonoTime.now", "std.core.Duration.toSeconds"],
        ["time", "method"],
        "System.nanoTime difference in seconds -> MonoTime.now() - start, then Duration.toSeconds. "
        "serverStartTime is a field (a MonoTime in Cangjie).",
    ),
    (
        JDP,
        "fallback/src/main/java/com/iluwatar/fallback/SimpleCircuitBreaker.java",
        "public synchronized void recordFailure(",
        ["std.time.MonoTime.now", LOG + "warn"],
        ["time", "concurrency", "method"],
        "synchronized method -> a Mutex (no entry: keyword). LOGGER is slf4j -> stdx.log Logger.",
    ),
    (
        JDP,
        "fallback/src/main/java/com/iluwatar/fallback/SimpleCircuitBreaker.java",
        "private void evaluateState(",
        ["std.time.MonoTime.now", "std.core.Duration.toMilliseconds", LOG + "info"],
        ["time", "method"],
        "",
    ),
    (
        JDP,
        "event-sourcing/src/main/java/com/iluwatar/event/sourcing/processor/JsonFileJournal.java",
        "public JsonFileJournal()",
        [
            "std.fs.Path",
            "std.fs.exists",
            "std.fs.File",
            "std.io.StringReader",
            "std.io.StringReader.readln",
            C + "ArrayList.add",
            "std.core.Exception",
        ],
        ["io", "method"],
        "new File(name) used as a path -> Path; file.exists() -> std.fs.exists; BufferedReader(InputStreamReader("
        "FileInputStream, UTF_8)) -> File + StringReader (UTF-8 is the default); RuntimeException -> Exception.",
    ),
    (
        JDP,
        "balking/src/main/java/com/iluwatar/balking/WashingMachine.java",
        "public void wash()",
        [
            "std.core.Thread.currentThread",
            "std.core.Thread.name",
            LOG + "info",
            LOG + "error",
            "std.core.Duration.millisecond",
        ],
        ["concurrency", "method"],
        "synchronized (this) -> a Mutex (keyword, no entry); TimeUnit.MILLISECONDS -> Duration.millisecond.",
    ),
    (
        JDP,
        "commander/src/main/java/com/iluwatar/commander/Retry.java",
        "public void perform(",
        [
            C + "ArrayList.add",
            "std.sync.AtomicInt64.fetchAdd",
            "std.sync.AtomicInt64.load",
            "std.math.pow",
            "std.random.Random.nextInt64",
            "std.core.min",
            "std.core.sleep",
            "std.core.Duration.millisecond",
        ],
        ["concurrency", "math", "random", "method"],
        "errors is an ArrayList field, attempts an AtomicInteger field -> AtomicInt64; SecureRandom.nextInt(n) -> "
        "Random.nextInt64(n) (stdx.crypto SecureRandom is an accepted alternative); Thread.sleep(ms) -> "
        "sleep(Duration.millisecond * ms).",
    ),
    (
        JDP,
        "game-loop/src/main/java/com/iluwatar/gameloop/FixedStepGameLoop.java",
        "protected void processGameLoop(",
        ["std.time.MonoTime.now", "std.core.Duration.toMilliseconds"],
        ["time", "method"],
        "isGameRunning/processInput/update/render are user methods.",
    ),
    (
        JDP,
        "leader-followers/src/main/java/com/iluwatar/leaderfollowers/TaskHandler.java",
        "public void handleTask(",
        ["std.core.sleep", "std.core.Duration.millisecond", LOG + "info"],
        ["concurrency", "method"],
        "",
    ),
    (
        JDP,
        "backpressure/src/main/java/com/iluwatar/backpressure/Subscriber.java",
        "private void processItem(",
        ["std.core.sleep", "std.core.Duration.millisecond", LOG + "error", "std.core.Exception.message"],
        ["concurrency", "exceptions", "method"],
        "Thread.currentThread().interrupt() has no counterpart.",
    ),
    (
        JDP,
        "async-method-invocation/src/main/java/com/iluwatar/async/method/invocation/ThreadAsyncExecutor.java",
        "public <T> AsyncResult<T> startProcess(Callable<T> task, AsyncCallback<T> callback)",
        ["std.sync.AtomicInt64.fetchAdd"],
        ["concurrency", "method"],
        "new Thread(r, name).start() is spawn (language construct, no entry); CompletableResult is a user class.",
    ),
]


def method_text(mirror: str, repo: tuple[str, str, str, str], path: str, needle: str) -> tuple[str, int]:
    src = subprocess.run(
        ["git", f"--git-dir={mirror}/{repo[3]}/repo", "show", f"{repo[1]}:{path}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = src.splitlines()
    start = next(i for i, line in enumerate(lines) if needle in line)
    depth, seen, out = 0, False, []
    for line in lines[start:]:
        out.append(line)
        depth += line.count("{") - line.count("}")
        seen = seen or "{" in line
        if seen and depth <= 0:
            break
    indent = min(len(x) - len(x.lstrip()) for x in out if x.strip())
    return "\n".join(x[indent:] for x in out), start + 1


def main() -> int:
    mirror = os.environ.get("MIRROR", "/work/.mirror")
    for no, (repo, path, needle, expected, tags, notes) in enumerate(CASES, 1):
        java, line = method_text(mirror, repo, path, needle)
        case = {
            "id": f"fresh-{no:03d}",
            "java": java,
            "expected": expected,
            "tags": tags,
            "source": {
                "repository": repo[0],
                "commit": repo[1],
                "path": path,
                "line": line,
                "licence": repo[2],
            },
        }
        if notes:
            case["notes"] = notes
        sys.stdout.write(json.dumps(case, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
