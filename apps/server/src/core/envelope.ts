export function envelopeOk<T>(data: T, msg = 'Success') {
  return { code: 0, msg, data };
}

export function page<T>(list: T[], currentPage: number, pageSize: number, total: number) {
  return { list, pagination: { currentPage, pageSize, total } };
}
