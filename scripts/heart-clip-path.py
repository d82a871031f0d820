#!/usr/bin/env python3
"""Prints the wishlist heart's two clip paths for `src/ui/first-paint.css`.

A one-off design tool (needs numpy; not part of the build or the tests). The heart is the 24-unit
SVG icon the wishlist used to draw, a path stroked 2 units wide. CSS `clip-path: path()` can only
fill, so the outline is filled as a ring: the stroke's outer edge and its inner edge in one
even-odd path. The filled heart (stroke and fill) is the outer edge alone. Both come out scaled
to the 20 px box of `.wishlist-add__button::before`.

How: the icon's curves are flattened to a polygon; a point is in the stroke when it lies within
1 unit of that polygon. From the heart's centre, 720 rays find (by bisection) where the grown
heart (inside or in the stroke) ends and where the shrunk heart (inside and not in the stroke)
ends. The heart is star-shaped from that centre, so each ray crosses each edge once; the script
checks it. Douglas-Peucker then keeps the points that matter at 0.08 units (0.07 px).
Run: python3 scripts/heart-clip-path.py   (about three minutes)
"""
import numpy as np

ICON_UNITS = 24.0
BOX_PX = 20.0
HALF_STROKE = 1.0
TOLERANCE = 0.08
CENTRE = np.array([12.0, 12.5])


def bezier(p0, p1, p2, p3, steps=60):
    t = np.linspace(0.0, 1.0, steps)[:, None]
    return (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t ** 2 * p2 + t ** 3 * p3


def icon_polygon():
    """M12 21s-7.5-4.6-9.5-9.3C1 8 3.4 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.6 0 6 3.5 4.5 7.2C19.5 16.4 12 21 12 21z"""
    v = np.array
    curves = []
    start = v([12.0, 21.0])
    # `s` straight after `M`: its first control point is the current point.
    curves.append((start, start, start + v([-7.5, -4.6]), start + v([-9.5, -9.3])))
    at = curves[-1][3]
    curves.append((at, v([1.0, 8.0]), v([3.4, 4.5]), v([7.0, 4.5])))
    for c1, c2, end in (([2, 0], [3.6, 1.1], [5, 3]), ([1.4, -1.9], [3, -3], [5, -3]), ([3.6, 0], [6, 3.5], [4.5, 7.2])):
        at = curves[-1][3]
        curves.append((at, at + v(c1, float), at + v(c2, float), at + v(end, float)))
    at = curves[-1][3]
    curves.append((at, v([19.5, 16.4]), v([12.0, 21.0]), v([12.0, 21.0])))
    return np.vstack([bezier(*c)[:-1] for c in curves])


POLYGON = icon_polygon()
EDGES = list(zip(POLYGON, np.roll(POLYGON, -1, axis=0)))


def distance_to_outline(points):
    best = np.full(len(points), np.inf)
    for a, b in EDGES:
        ab = b - a
        t = np.clip(((points - a) @ ab) / max(ab @ ab, 1e-12), 0.0, 1.0)
        best = np.minimum(best, np.linalg.norm(points - (a + t[:, None] * ab), axis=1))
    return best


def inside(points):
    x, y = points[:, 0], points[:, 1]
    result = np.zeros(len(points), bool)
    for a, b in EDGES:
        crosses = (a[1] > y) != (b[1] > y)
        dy = np.where(b[1] == a[1], 1e-12, b[1] - a[1])
        result ^= crosses & (x < a[0] + (y - a[1]) * (b[0] - a[0]) / dy)
    return result


def grown(points):
    return inside(points) | (distance_to_outline(points) <= HALF_STROKE)


def shrunk(points):
    return inside(points) & (distance_to_outline(points) > HALF_STROKE)


def edge_of(region):
    points = []
    radii = np.linspace(0.0, 14.0, 1401)
    for angle in np.linspace(0.0, 2 * np.pi, 721)[:-1]:
        direction = np.array([np.sin(angle), -np.cos(angle)])
        inside_ray = region(CENTRE + radii[:, None] * direction)
        changes = np.nonzero(inside_ray[:-1] != inside_ray[1:])[0]
        if len(changes) != 1:
            raise SystemExit(f'a ray at {angle:.3f} rad crosses the edge {len(changes)} times')
        low, high = radii[changes[0]], radii[changes[0] + 1]
        for _ in range(20):
            middle = (low + high) / 2
            if region((CENTRE + middle * direction)[None])[0]:
                low = middle
            else:
                high = middle
        points.append(CENTRE + low * direction)
    return np.array(points)


def simplify(points):
    def keep(run):
        if len(run) < 3:
            return run
        a, b = run[0], run[-1]
        ab = b - a
        length = np.linalg.norm(ab)
        offsets = np.abs(ab[0] * (run[:, 1] - a[1]) - ab[1] * (run[:, 0] - a[0])) / length
        far = int(np.argmax(offsets))
        if offsets[far] > TOLERANCE:
            return np.vstack([keep(run[: far + 1])[:-1], keep(run[far:])])
        return np.vstack([a, b])

    half = len(points) // 2
    return np.vstack([keep(points[: half + 1])[:-1], keep(np.vstack([points[half:], points[:1]]))[:-1]])


def path(points):
    numbers = (f'{value * BOX_PX / ICON_UNITS:.2f}'.rstrip('0').rstrip('.') for value in points.ravel())
    return 'M' + ' '.join(numbers) + 'Z'


if __name__ == '__main__':
    outer = path(simplify(edge_of(grown)))
    inner = path(simplify(edge_of(shrunk)))
    print(f"outline: clip-path: path(evenodd, '{outer} {inner}');")
    print(f"filled:  clip-path: path('{outer}');")
