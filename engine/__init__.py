"""Trionfi's rules engine: pure Python (standard library only) for CPython and Pyodide."""

__version__ = "0.1.0"
