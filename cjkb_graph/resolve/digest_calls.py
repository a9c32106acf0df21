"""``java.security.MessageDigest`` calls: the algorithm's name is its stdx.crypto.digest class.

* ``MessageDigest.getInstance("SHA-256")`` answers that algorithm's class (``SHA256()``) first.
* ``md.update(b)`` / ``md.digest()`` on a ``md = MessageDigest.getInstance("SHA-256")`` of the
  snippet answer the class's own members (``SHA256.write`` / ``finish``).
* ``MessageDigest.getInstance(algorithm)`` of a name known only at run time has no one class to answer
  with: a note says to match the name to the class (``no_counterpart``).
"""

from __future__ import annotations

import re

from ..java import JavaCall

__all__ = [
    "DIGEST_BY_NAME_NOTE",
    "digest_class_member",
    "digest_name",
    "digest_named",
    "digest_named_at_run_time",
]

_MESSAGE_DIGEST = "java.security.MessageDigest"
_DIGESTS = {
    "MD5": "MD5", "SHA": "SHA1", "SHA1": "SHA1", "SHA224": "SHA224", "SHA256": "SHA256",
    "SHA384": "SHA384", "SHA512": "SHA512", "SM3": "SM3",
}  # fmt: skip

_DIGEST_MEMBERS = {("update", None): "write", ("digest", 0): "finish", ("reset", 0): "reset"}
DIGEST_BY_NAME_NOTE = (
    "the algorithm is a name known only when the code runs, and Cangjie has no factory by name: "
    "match the name to the class to create, MD5(), SHA1(), SHA256(), SHA512() (stdx.crypto.digest)"
)


def digest_named_at_run_time(call: JavaCall) -> bool:
    """``MessageDigest.getInstance(algorithm)`` whose argument names no algorithm (a variable, not
    ``"SHA-256"`` or ``SHA_256``): no one class to answer with."""
    if (call.java_type, call.method) != (_MESSAGE_DIGEST, "getInstance"):
        return False
    return digest_name(call.text) is None


def digest_class_member(call: JavaCall, code: str) -> tuple[str, str] | None:
    """``md.update(b)`` / ``md.digest()`` on a ``md = MessageDigest.getInstance("SHA-256")`` of the
    snippet: the algorithm's class's member (``SHA256.write``), not the ``Digest`` interface's; with why."""
    if call.java_type != _MESSAGE_DIGEST or not call.receiver:
        return None
    member = _DIGEST_MEMBERS.get((call.method, None)) or _DIGEST_MEMBERS.get((call.method, call.arg_count))
    m = re.search(
        rf"\b{re.escape(call.receiver.strip())}\s*=\s*(?:java\.security\.)?MessageDigest\s*\.\s*getInstance\s*\(\s*\"([\w-]+)\"",
        code,
    )
    cls = _DIGESTS.get(m.group(1).upper().replace("-", "")) if m and member else None
    why = "the snippet's MessageDigest.getInstance(..) names the algorithm: its class's member"
    return (f"stdx.crypto.digest.{cls}.{member}", why) if cls else None


def digest_named(call: JavaCall) -> tuple[str, str] | None:
    """``MessageDigest.getInstance("SHA-256")`` (or a constant named so, ``SHA_256``): the
    algorithm's class's init, with why."""
    if (call.java_type, call.method) != (_MESSAGE_DIGEST, "getInstance"):
        return None
    name = digest_name(call.text)
    cls = _DIGESTS.get(name) if name else None
    return (f"stdx.crypto.digest.{cls}.init", f"the algorithm {name}: {cls}()") if cls else None


def digest_name(text: str) -> str | None:
    """The algorithm the call's argument names (the longest name in it: SHA256 before SHA)."""
    written = re.sub(r"[^A-Z0-9]", "", text.partition("(")[2].upper())
    return next((n for n in sorted(_DIGESTS, key=len, reverse=True) if n in written), None)
