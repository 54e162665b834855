"""Regolith's exceptions: what a scene, a model file or a run reports, as Python types."""

from typing import List, NamedTuple, Sequence


class Problem(NamedTuple):
    """One thing wrong with a scene: where (an RFC 6901 JSON pointer, "" for the whole
    document), what was found there and what was expected."""

    pointer: str
    found: str
    expected: str


class SceneError(ValueError):
    """A scene that failed validation (the same checks as ``regolith check``).

    ``str(error)`` is the command line's text, one problem per line as
    ``<file>: <pointer>: found <found>, expected <expected>``; ``problems`` lists them as
    :class:`Problem` tuples, ``file`` names the scene and ``warnings`` holds what the
    build noticed but accepted."""

    def __init__(self, message: str, file: str = "", problems: Sequence = (), warnings: Sequence[str] = ()):
        super().__init__(message)
        self.file: str = file
        self.problems: List[Problem] = [Problem(*p) for p in problems]
        self.warnings: List[str] = list(warnings)


class BlowUpError(RuntimeError):
    """A simulation whose state stopped being finite or moved faster than the engine can
    follow (r_min / dt), or whose contact lists passed their cap. ``step`` is the step it
    was found at; the state is then fit for a post-mortem only."""

    def __init__(self, message: str, step: int = 0):
        super().__init__(message)
        self.step: int = step


class InputFileError(ValueError, RuntimeError):
    """A file Regolith reads that is not what it should be: a checkpoint with a value that
    is not finite, a contact key past the spheres, an owner order the engine cannot take,
    arrays of another shape than the scene's (a checkpoint of another scene text is a plain
    ValueError, refused before it is read). ``file`` names it and ``dataset`` the HDF5
    dataset or attribute (with the row, where one is at fault);
    ``str(error)`` is the command line's text, ``<file>: <dataset>: found ..., expected
    ...``. Nothing was restored.

    It is a ValueError (bad input, as :class:`SceneError`) and, for code written before it
    had its own type, still a RuntimeError."""

    def __init__(self, message: str, file: str = "", dataset: str = ""):
        super().__init__(message)
        self.file: str = file
        self.dataset: str = dataset
