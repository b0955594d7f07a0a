//! A missile rack's or reload rack's magazine (§9.2.1, §9.2.4, §17.2.1, §13.1.10): missiles by
//! type in loaded order, top first, as a fixed array of runs (no allocation; `Copy`).

use super::readings::{FiringOrder, LostMissiles};

/// Most runs of consecutive same-type missiles a magazine records.
pub const MAX_RUNS: usize = 6;

/// Why a magazine operation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MagazineError {
    /// More missiles than the capacity.
    Full,
    /// More runs than [`MAX_RUNS`].
    TooManyRuns,
    /// No missile (of the asked type) to fire.
    Empty,
    /// The asked type is not on top and missiles fire in loaded order (D19 40).
    OutOfOrder,
}

/// Missiles in loaded order: `runs[0]` is the top (fired first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Magazine {
    runs: [(u8, u16); MAX_RUNS],
    len: u8,
}

impl Magazine {
    /// The runs, top first: (missile type index, count).
    pub fn runs(&self) -> &[(u8, u16)] {
        &self.runs[..usize::from(self.len)]
    }

    /// Missiles held.
    pub fn total(&self) -> u16 {
        self.runs().iter().map(|r| r.1).sum()
    }

    /// The type on top.
    pub fn top(&self) -> Option<u8> {
        self.runs().first().map(|r| r.0)
    }

    /// Loads `count` of type `ty` at the bottom, within `capacity` (§17.2.1: "the quantity and
    /// order of each missile type" is recorded).
    pub fn load(&mut self, ty: u8, count: u16, capacity: u16) -> Result<(), MagazineError> {
        if count == 0 {
            return Ok(());
        }
        if self.total() + count > capacity {
            return Err(MagazineError::Full);
        }
        let n = usize::from(self.len);
        if n > 0 && self.runs[n - 1].0 == ty {
            self.runs[n - 1].1 += count;
            return Ok(());
        }
        if n == MAX_RUNS {
            return Err(MagazineError::TooManyRuns);
        }
        self.runs[n] = (ty, count);
        self.len += 1;
        Ok(())
    }

    fn remove_at(&mut self, i: usize) {
        self.runs[i].1 -= 1;
        if self.runs[i].1 == 0 {
            self.remove_run(i);
            // Neighbours of the same type merge again.
            if i > 0 && i < usize::from(self.len) && self.runs[i - 1].0 == self.runs[i].0 {
                self.runs[i - 1].1 += self.runs[i].1;
                self.remove_run(i);
            }
        }
    }

    fn remove_run(&mut self, i: usize) {
        let n = usize::from(self.len);
        self.runs.copy_within(i + 1..n, i);
        self.len -= 1;
    }

    /// Takes one missile to fire: the top one, or under `FiringOrder::Any` the first of type
    /// `want` (D19 40). Returns its type.
    pub fn take(&mut self, want: Option<u8>, order: FiringOrder) -> Result<u8, MagazineError> {
        let i = match want {
            None => 0,
            Some(t) => match self.runs().iter().position(|r| r.0 == t) {
                None => return Err(MagazineError::Empty),
                Some(0) => 0,
                Some(i) if order == FiringOrder::Any => i,
                Some(_) => return Err(MagazineError::OutOfOrder),
            },
        };
        if self.len == 0 {
            return Err(MagazineError::Empty);
        }
        let ty = self.runs[i].0;
        self.remove_at(i);
        Ok(ty)
    }

    /// Drops missiles beyond a reduced `capacity` (§13.1.10: "the capacity of the rack drops by
    /// 4" a point of damage), from the bottom or the top (reading `lost_missiles`).
    pub fn shrink_to(&mut self, capacity: u16, lost: LostMissiles) {
        while self.total() > capacity {
            let i = match lost {
                LostMissiles::Bottom => usize::from(self.len) - 1,
                LostMissiles::Top => 0,
            };
            self.remove_at(i);
        }
    }

    /// Empties the magazine (the rack destroyed).
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

/// One reload-rack operation (§9.2.4): the reload rack's top missile goes to the bottom of the
/// missile rack (it "will always load missiles from the top of its magazine"). Reload racks
/// work in the Final Actions Step, at most their operations per turn.
pub fn reload_one(
    reload: &mut Magazine,
    rack: &mut Magazine,
    rack_capacity: u16,
) -> Result<u8, MagazineError> {
    if rack.total() >= rack_capacity {
        return Err(MagazineError::Full);
    }
    let ty = reload.top().ok_or(MagazineError::Empty)?;
    // Check room for a new run before taking.
    let n = usize::from(rack.len);
    if !(n > 0 && rack.runs[n - 1].0 == ty) && n == MAX_RUNS {
        return Err(MagazineError::TooManyRuns);
    }
    reload.take(None, FiringOrder::Loaded)?;
    rack.load(ty, 1, rack_capacity)?;
    Ok(ty)
}

/// One unloading operation (§9.2.4): the missile rack's top missile goes to the bottom of the
/// reload rack.
pub fn unload_one(
    rack: &mut Magazine,
    reload: &mut Magazine,
    reload_capacity: u16,
) -> Result<u8, MagazineError> {
    if reload.total() >= reload_capacity {
        return Err(MagazineError::Full);
    }
    let ty = rack.top().ok_or(MagazineError::Empty)?;
    let n = usize::from(reload.len);
    if !(n > 0 && reload.runs[n - 1].0 == ty) && n == MAX_RUNS {
        return Err(MagazineError::TooManyRuns);
    }
    rack.take(None, FiringOrder::Loaded)?;
    reload.load(ty, 1, reload_capacity)?;
    Ok(ty)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §17.2.1 / D19 40: missiles leave in loaded order by default; under `Any` a later type
    /// may be picked.
    #[test]
    fn loaded_order_and_any_order() {
        let mut m = Magazine::default();
        m.load(0, 2, 20).unwrap();
        m.load(1, 3, 20).unwrap();
        assert_eq!(m.total(), 5);
        assert_eq!(
            m.take(Some(1), FiringOrder::Loaded),
            Err(MagazineError::OutOfOrder)
        );
        assert_eq!(m.take(None, FiringOrder::Loaded), Ok(0));
        assert_eq!(m.take(Some(1), FiringOrder::Any), Ok(1));
        assert_eq!(m.runs(), &[(0, 1), (1, 2)]);
        assert_eq!(m.take(Some(1), FiringOrder::Any), Ok(1));
        assert_eq!(m.take(Some(1), FiringOrder::Any), Ok(1));
        assert_eq!(m.runs(), &[(0, 1)]);
        assert_eq!(m.load(0, 20, 20), Err(MagazineError::Full));
        assert_eq!(m.take(Some(5), FiringOrder::Any), Err(MagazineError::Empty));
    }

    /// Taking the middle run empty merges its neighbours of one type.
    #[test]
    fn runs_merge() {
        let mut m = Magazine::default();
        m.load(0, 1, 20).unwrap();
        m.load(1, 1, 20).unwrap();
        m.load(0, 1, 20).unwrap();
        assert_eq!(m.take(Some(1), FiringOrder::Any), Ok(1));
        assert_eq!(m.runs(), &[(0, 2)]);
    }

    /// §13.1.10: 2 points of damage on a 20-missile rack holding 18 leave room for 12.
    #[test]
    fn damage_shrinks_the_magazine() {
        let mut m = Magazine::default();
        m.load(0, 10, 20).unwrap();
        m.load(1, 8, 20).unwrap();
        let mut top = m;
        m.shrink_to(12, LostMissiles::Bottom);
        assert_eq!(m.runs(), &[(0, 10), (1, 2)]);
        top.shrink_to(12, LostMissiles::Top);
        assert_eq!(top.runs(), &[(0, 4), (1, 8)]);
    }

    /// §9.2.4: reload racks load from their top into the rack; unloading puts the rack's top
    /// missile at the bottom of the reload rack.
    #[test]
    fn reload_and_unload() {
        let mut reload = Magazine::default();
        reload.load(2, 3, 40).unwrap();
        let mut rack = Magazine::default();
        rack.load(0, 19, 20).unwrap();
        assert_eq!(reload_one(&mut reload, &mut rack, 20), Ok(2));
        assert_eq!(
            reload_one(&mut reload, &mut rack, 20),
            Err(MagazineError::Full)
        );
        assert_eq!(rack.runs(), &[(0, 19), (2, 1)]);
        assert_eq!(unload_one(&mut rack, &mut reload, 40), Ok(0));
        assert_eq!(reload.runs(), &[(2, 2), (0, 1)]);
        assert_eq!(rack.total(), 19);
    }
}
