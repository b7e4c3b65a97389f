// Bill runs as background jobs, their issue date, bill printing, and the spike check of a new meter's
// first reading (what the run bills): every message the server sends, in English and Somali.
export const billRunMessages = {
  'billJob.interrupted': {
    en: 'The bill run was interrupted because the server stopped before it finished. Nothing was billed; start the run again.',
    so: "Biil-samaynta way go'day maxaa yeelay server-ku wuu istaagay intaanay dhammaan. Wax biil ah lama samayn; mar kale bilow.",
  },
  'billJob.failed': {
    en: 'The bill run failed. Nothing was billed.',
    so: 'Biil-samaynta way fashilantay. Wax biil ah lama samayn.',
  },
  'bill.issueDateFuture': {
    en: 'The issue date cannot be in the future.',
    so: 'Taariikhda biilka la bixiyay ma noqon karto mid mustaqbalka ah.',
  },
  'reading.spikeZoneNeedsConfirm': {
    en: "This meter has no history and its consumption is more than three times the zone's average of {n}. Check the reading, then confirm it.",
    so: 'Mitirkan ma laha taariikh, isticmaalkiisuna wuxuu ka badan yahay saddex jeer celceliska aagga oo ah {n}. Hubi akhriska, kadibna xaqiiji.',
  },
  'billPrint.noBills': {
    en: 'This zone has no open bills for the period.',
    so: 'Aaggan ma laha biilal furan oo muddadan ah.',
  },
  'bill.nothingToBill': {
    en: 'Nothing to bill: no reading of this period is waiting for a bill.',
    so: 'Wax la biileeyo ma jiro: ma jiro akhris muddadan ah oo biil sugaya.',
  },
  'bill.nothingToBillRun': {
    en: 'Nothing to bill: these readings were billed by run {n}.',
    so: 'Wax la biileeyo ma jiro: akhrisyadan waxaa lagu biilay biil-samaynta {n}.',
  },
  'bill.runCancelling': {
    en: 'This bill run is already being cancelled; its progress is shown on the bill run page.',
    so: 'Biil-samayntan hadda ayaa la joojinayaa; horumarkeeda waxaa lagu muujiyay bogga biil-samaynta.',
  },
  'billJob.cancelInterrupted': {
    en: 'The cancellation was interrupted because the server stopped before it finished. Nothing was cancelled; cancel the run again.',
    so: "Joojintu way go'day maxaa yeelay server-ku wuu istaagay intaanay dhammaan. Waxba lama joojin; mar kale jooji biil-samaynta.",
  },
  'billJob.cancelFailed': {
    en: 'The cancellation failed. Nothing was cancelled.',
    so: 'Joojintu way fashilantay. Waxba lama joojin.',
  },
} as const satisfies Record<string, { en: string; so: string }>;
