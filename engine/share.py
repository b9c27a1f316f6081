"""Compact, URL-safe, versioned, checksummed share codes.

A code is ``<tag><version>.<payload>.<check>``: the tag names the game and what is
encoded (``loG`` a Lombardia deal with its actions, ``loP`` a Lombardia final position),
the payload is base64url without padding and the check is a CRC-32 of tag, version and
payload.  Codes carry explicit cards and actions, never a random seed, so a code keeps
meaning the same thing whatever the engine's random generator does later.
Every malformed input raises ShareError with a Japanese message for the reader.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

VERSION = 1
_CODE = re.compile(r"^([a-z]{2}[A-Z])([0-9]{1,3})\.([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]{6})$")


class ShareError(ValueError):
    """A share code that cannot be used; ``str(error)`` is a Japanese sentence for the reader."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ShareError("共有リンクの文字列が壊れています。") from None


def _check(head: str, payload: str) -> str:
    return _b64(zlib.crc32(f"{head}.{payload}".encode("ascii")).to_bytes(4, "big") + b"\0\0")[:6]


def encode(tag: str, payload: bytes) -> str:
    body = _b64(payload)
    head = f"{tag}{VERSION}"
    return f"{head}.{body}.{_check(head, body)}"


def decode(code: str, tag: str) -> bytes:
    """The payload of ``code``, which must carry ``tag``; ShareError otherwise."""
    match = _CODE.match(code.strip())
    if not match:
        raise ShareError("共有リンクの形式が正しくありません。リンクが途中で切れていないか確かめてください。")
    found_tag, version, body, check = match.groups()
    if _check(f"{found_tag}{version}", body) != check:
        raise ShareError("共有リンクの検査値が合いません。リンクが書き換えられたか、一部が欠けています。")
    if int(version) != VERSION:
        raise ShareError(f"この共有リンクは別の版（{version}）の形式で、このサイトでは読めません。")
    if found_tag != tag:
        raise ShareError("この共有リンクは別の種類の例を指しています。")
    return _unb64(body)


class Reader:
    """Reads a payload byte by byte, turning a short payload into a ShareError."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._pos = 0

    def byte(self) -> int:
        if self._pos >= len(self._data):
            raise ShareError("共有リンクのデータが途中で終わっています。")
        value = self._data[self._pos]
        self._pos += 1
        return value

    def take(self, count: int) -> bytes:
        return bytes(self.byte() for _ in range(count))

    def rest(self) -> bytes:
        data = self._data[self._pos:]
        self._pos = len(self._data)
        return data

    def at_end(self) -> bool:
        return self._pos >= len(self._data)

    def done(self) -> None:
        if self._pos != len(self._data):
            raise ShareError("共有リンクに余分なデータが付いています。")
