"""Typed interface of the hanoilab package (see the docstrings of hanoilab/__init__.py)."""

from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import polars

__version__: str
DEFAULT_MAX_DIGITS: int
DECIMAL_SUFFIX: str

Params = Optional[Mapping[str, int]]
NRange = Union[range, Tuple[int, int], str]

class HanoilabError(ValueError): ...

@dataclass(frozen=True)
class Function:
    name: str
    summary: str

@dataclass(frozen=True)
class VariantInfo:
    id: str
    title: str
    summary: str
    functions: Tuple[Function, ...]
    parameters: Dict[str, int]

@dataclass(frozen=True)
class Growth:
    target: str
    component: str
    components: Tuple[str, ...]
    charpoly: str
    charpoly_factored: str
    recurrence: str
    recurrence_order: int
    recurrence_factored: Optional[str]
    recurrence_valid_from: Optional[int]
    cofactor: str
    closed_form: str
    closed_form_valid_from: int
    closed_form_tex: Optional[str]
    generating_function: Optional[str]
    dominant: Optional[Dict[str, Any]]
    first_n: int
    first_terms: Tuple[int, ...]
    closed_form_terms: Optional[Tuple[Dict[str, Any], ...]]
    def closed_form_sympy(self, n: Any = None) -> Any: ...
    def _repr_markdown_(self) -> str: ...

@dataclass(frozen=True)
class SearchResult:
    target: str
    n: int
    minimum: Optional[int]
    states: int
    layers: Tuple[int, ...]
    complete: bool
    optimal_solutions: Optional[int]
    encoding: str
    seconds: float

class Plot:
    title: str
    x_label: str
    y_label: str
    log: bool
    series: List[Tuple[str, List[Tuple[float, float]]]]
    def __init__(self, title: str, x_label: str, y_label: str) -> None: ...
    def log_y(self) -> Plot: ...
    def line(self, name: str, points: Sequence[Tuple[float, float]]) -> Plot: ...
    def counts(self, name: str, points: Sequence[Tuple[int, int]]) -> Plot: ...
    def to_svg(self) -> str: ...
    def to_png(self) -> bytes: ...
    def _repr_svg_(self) -> str: ...
    def _repr_png_(self) -> bytes: ...

def variants() -> List[VariantInfo]: ...
def resolve(target: str, params: Params = None) -> Tuple[str, str]: ...
def count(target: str, n: int, params: Params = None, max_digits: int = ...) -> int: ...
def simulate(target: str, n: int, params: Params = None) -> int: ...
def table_columns(
    target: str,
    n_range: NRange = (1, 10),
    params: Params = None,
    simulate: bool = True,
    max_digits: int = ...,
) -> Dict[str, List[Union[int, str, None]]]: ...
def table(
    target: str,
    n_range: NRange = (1, 10),
    params: Params = None,
    simulate: bool = True,
    max_digits: int = ...,
) -> Union[polars.DataFrame, Dict[str, List[Union[int, str, None]]]]: ...
def growth(target: str, params: Params = None, digits: int = 30) -> Growth: ...
def search(
    target: str,
    n: int,
    params: Params = None,
    count_solutions: bool = False,
    max_states: int = ...,
    memory_limit: int = ...,
) -> SearchResult: ...
def claims(variant: Optional[str] = None) -> List[Dict[str, Any]]: ...
def check(
    target: str, formula: str, n_range: NRange = (1, 30), params: Params = None
) -> Dict[str, Any]: ...
def frame_stewart(n: int, pegs: int) -> int: ...
def frame_stewart_splits(n: int, pegs: int) -> List[int]: ...
def star(n: int) -> int: ...
def star_split(n: int) -> int: ...
def three_smooth(count: int) -> List[int]: ...
def cli_help(command: str) -> str: ...
