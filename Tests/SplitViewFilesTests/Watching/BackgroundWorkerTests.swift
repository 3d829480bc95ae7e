import Glibc
import PropertyBased
import SplitViewFiles
import Synchronization
import TestSupport
import Testing

@Suite struct BackgroundWorkerTests {
    /// Polls and takes until `count` results came, or the wait runs out.
    private func collect<Output>(_ worker: BackgroundWorker<Output>, count: Int) -> [(ticket: Int, result: Output)] {
        var results: [(ticket: Int, result: Output)] = []
        while results.count < count && waitReadable(worker.fileDescriptor) {
            results += worker.takeResults()
        }
        return results
    }

    @Test func nothingWaitsBeforeAJobIsSubmitted() throws {
        let worker = try BackgroundWorker<Int>()
        #expect(!waitReadable(worker.fileDescriptor, milliseconds: 0))
        #expect(worker.takeResults().isEmpty)
    }

    @Test func resultsComeBackWithTheirTicketsInSubmissionOrder() async throws {
        let worker = try BackgroundWorker<Int>()
        await propertyCheck(count: 20, input: Gen.int(in: 0...1000).array(of: 1...20)) { values in
            let tickets = values.map { value in worker.submit { value * 2 } }
            #expect(tickets == Array((tickets[0])...(tickets[0] + values.count - 1)))
            let results = collect(worker, count: values.count)
            #expect(results.map(\.ticket) == tickets)
            #expect(results.map(\.result) == values.map { $0 * 2 })
        }
    }

    @Test func takingTheResultsLeavesTheDescriptorQuietUntilTheNextOne() throws {
        let worker = try BackgroundWorker<String>()
        let first = worker.submit { "first" }
        #expect(waitReadable(worker.fileDescriptor))
        #expect(worker.takeResults().map(\.ticket) == [first])
        #expect(!waitReadable(worker.fileDescriptor, milliseconds: 0))
        let second = worker.submit { "second" }
        #expect(collect(worker, count: 1).map(\.ticket) == [second])
    }

    @Test func jobsRunOffTheCallingThread() throws {
        let worker = try BackgroundWorker<Bool>()
        let caller = pthread_self()
        worker.submit { pthread_equal(pthread_self(), caller) == 0 }
        #expect(collect(worker, count: 1).map(\.result) == [true])
    }

    @Test func jobsRunOneAtATime() throws {
        let worker = try BackgroundWorker<Int>()
        let running = Atomic<Int>(0)
        for _ in 0..<20 {
            worker.submit {
                let now = running.add(1, ordering: .sequentiallyConsistent).newValue
                usleep(200)  // not a wait: holds the job running, so that two at once would overlap
                running.subtract(1, ordering: .sequentiallyConsistent)
                return now
            }
        }
        #expect(collect(worker, count: 20).map(\.result) == Array(repeating: 1, count: 20))
    }

    @Test func aWorkerReleasedWithJobsPendingLetsThemFinish() throws {
        let finished = Atomic<Int>(0)
        do {
            let worker = try BackgroundWorker<Int>()
            for index in 0..<5 {
                worker.submit {
                    usleep(1000)  // not a wait: keeps the jobs pending when the worker goes
                    finished.add(1, ordering: .sequentiallyConsistent)
                    return index
                }
            }
        }
        // The jobs hold the pipe, not the worker: they finish and write into a pipe no one
        // reads, without touching a closed descriptor. Wait for them, boundedly.
        #expect(waitUntil { finished.load(ordering: .sequentiallyConsistent) == 5 })
    }
}
