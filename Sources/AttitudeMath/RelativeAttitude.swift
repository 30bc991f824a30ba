extension Quaternion {
    /// The attitude relative to a saved reference pose, `conj(reference) · self`: Core Motion's
    /// `multiply(byInverseOf:)`. The reference pose itself becomes the identity. For a device-to-world
    /// `self`, the result rotates the device frame into the device frame as it was at the reference.
    public func relative(to reference: Quaternion) -> Quaternion {
        reference.conjugate * self
    }
}
