"""The exact double-dummy solver: every legal card's value with all four hands open (:mod:`.search`).

Its search is compiled with numba when numba is installed (:mod:`.jit`); the rest of the engine does not import
this package, so numba is loaded only by what solves.
"""
